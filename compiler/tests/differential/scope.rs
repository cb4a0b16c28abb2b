//! Names in scope and the class model: type names, subclassing and
//! assignability, fields, and the locals, arrays and objects an expression
//! may read.

use super::*;

impl Gen {
    pub(crate) fn tname(&self, t: &T) -> String {
        match t {
            T::P(p) => p.java().into(),
            T::Str | T::NStr => "String".into(),
            T::Arr(e) => format!("{}[]", self.tname(e)),
            T::Obj(c) => self.classes[*c].name.clone(),
            T::Sb => "StringBuilder".into(),
            T::Rnd => "Random".into(),
        }
    }

    /// `a` is `b` or a subclass of it.
    pub(crate) fn is_sub(&self, mut a: usize, b: usize) -> bool {
        loop {
            if a == b {
                return true;
            }
            match self.classes[a].parent {
                Some(p) => a = p,
                None => return false,
            }
        }
    }

    pub(crate) fn assignable(&self, from: &T, to: &T) -> bool {
        match (from, to) {
            (T::P(a), T::P(b)) => widens(*a, *b),
            (T::Str, T::Str | T::NStr) | (T::NStr, T::NStr) => true,
            (T::Obj(a), T::Obj(b)) => self.is_sub(*a, *b),
            _ => from == to,
        }
    }

    /// The fields visible in class `c` (nearest declaration of each name).
    pub(crate) fn fields_of(&self, c: usize) -> Vec<Field> {
        let mut out: Vec<Field> = Vec::new();
        let mut k = Some(c);
        while let Some(i) = k {
            for f in &self.classes[i].fields {
                if !out.iter().any(|g| g.name == f.name) {
                    out.push(f.clone());
                }
            }
            k = self.classes[i].parent;
        }
        out
    }

    /// The fields visible in `c` with their declaring classes.
    pub(crate) fn fields_decl(&self, c: usize) -> Vec<(usize, Field)> {
        let mut out: Vec<(usize, Field)> = Vec::new();
        let mut k = Some(c);
        while let Some(i) = k {
            for f in &self.classes[i].fields {
                if !out.iter().any(|g| g.1.name == f.name) {
                    out.push((i, f.clone()));
                }
            }
            k = self.classes[i].parent;
        }
        out
    }

    /// Fields of proper ancestors `a` of `c` that `c` hides: (a, field).
    pub(crate) fn hidden_fields(&self, c: usize) -> Vec<(usize, Field)> {
        let mine = self.fields_decl(c);
        let mut out = Vec::new();
        let mut k = self.classes[c].parent;
        while let Some(a) = k {
            for (da, f) in self.fields_decl(a) {
                if mine.iter().any(|(dc, g)| g.name == f.name && *dc != da) && da == a {
                    out.push((a, f));
                }
            }
            k = self.classes[a].parent;
        }
        out
    }

    pub(crate) fn locals(&self) -> Vec<Var> {
        self.scopes.iter().flatten().cloned().collect()
    }

    /// Readable things of a type satisfying `pred`: locals, fields of
    /// `this` and of object locals, and constants.
    pub(crate) fn readables(&mut self, pred: &dyn Fn(&T) -> bool) -> Vec<(String, T, bool, bool)> {
        let mut out = Vec::new();
        if !self.const_only {
            for v in self.locals() {
                if pred(&v.ty) {
                    out.push((v.name.clone(), v.ty.clone(), v.mutable, v.konst));
                }
            }
            if let Some(c) = self.this_class {
                for f in self.fields_of(c) {
                    if pred(&f.ty) {
                        let s = if self.chance(0.5) {
                            format!("this.{}", f.name)
                        } else {
                            f.name.clone()
                        };
                        out.push((s, f.ty.clone(), true, false));
                    }
                }
            }
            for v in self.locals() {
                if let T::Obj(c) = v.ty {
                    for f in self.fields_of(c) {
                        if pred(&f.ty) {
                            out.push((format!("{}.{}", v.name, f.name), f.ty.clone(), true, false));
                        }
                    }
                    // hidden fields of ancestors, through a cast
                    for (a, f) in self.hidden_fields(c) {
                        if pred(&f.ty) {
                            let an = self.classes[a].name.clone();
                            out.push((
                                format!("(({an}) {}).{}", v.name, f.name),
                                f.ty.clone(),
                                true,
                                false,
                            ));
                        }
                    }
                }
            }
            if let Some(c) = self.this_class {
                if let Some(p) = self.classes[c].parent {
                    for (a, f) in self.hidden_fields(c) {
                        if pred(&f.ty) && a == p {
                            out.push((format!("super.{}", f.name), f.ty.clone(), true, false));
                        }
                    }
                }
            }
        }
        for k in self.consts.clone() {
            if pred(&k.ty) {
                out.push((
                    format!("{}.{}", self.main, k.name),
                    k.ty.clone(),
                    false,
                    true,
                ));
            }
        }
        out
    }

    pub(crate) fn arrays(&self, pred: &dyn Fn(&T) -> bool) -> Vec<Var> {
        if self.const_only {
            return Vec::new();
        }
        self.locals()
            .into_iter()
            .filter(|v| matches!(&v.ty, T::Arr(_)) && pred(&v.ty))
            .collect()
    }

    pub(crate) fn objs(&self) -> Vec<Var> {
        if self.const_only {
            return Vec::new();
        }
        self.locals()
            .into_iter()
            .filter(|v| matches!(v.ty, T::Obj(_)))
            .collect()
    }

    pub(crate) fn var_of(&mut self, t: &T) -> Option<String> {
        let vs: Vec<Var> = self.locals().into_iter().filter(|v| &v.ty == t).collect();
        if vs.is_empty() || self.const_only {
            None
        } else {
            Some(self.pick(&vs).name)
        }
    }

    /// Can an expression of class type `c` be made here?
    pub(crate) fn obj_available(&self, c: usize) -> bool {
        if self.const_only {
            return false;
        }
        if self.allow_new && self.concrete_subs(c).next().is_some() {
            return true;
        }
        if self.this_class.is_some_and(|t| self.is_sub(t, c)) {
            return true;
        }
        self.objs()
            .iter()
            .any(|v| matches!(v.ty, T::Obj(d) if self.is_sub(d, c)))
    }

    pub(crate) fn concrete_subs(&self, c: usize) -> impl Iterator<Item = usize> + '_ {
        (0..self.classes.len()).filter(move |&d| !self.classes[d].is_abstract && self.is_sub(d, c))
    }
}
