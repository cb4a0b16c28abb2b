//! Questions about the generated classes (supers, flags, assignability,
//! visibility, constructors), type choices, and the places an expression
//! may read or assign.

use super::*;

impl Gen<'_> {
    // ------------------------------------------------------ class queries

    pub(crate) fn user_classes(&self) -> Vec<usize> {
        (0..self.classes.len())
            .filter(|&c| !self.classes[c].stdlib)
            .collect()
    }
    pub(crate) fn chain(&self, c: usize) -> Vec<usize> {
        let mut v = vec![c];
        let mut cur = c;
        while let Some(s) = self.classes[cur].sup {
            v.push(s);
            cur = s;
        }
        v
    }
    pub(crate) fn is_sub(&self, a: usize, b: usize) -> bool {
        self.chain(a).contains(&b)
    }
    pub(crate) fn all_flags(&self, c: usize) -> Vec<String> {
        self.chain(c)
            .iter()
            .flat_map(|&k| self.classes[k].flags.clone())
            .collect()
    }
    /// Whether the implementation of `slot` that class `c` has is abstract
    /// (None: `c` does not have the slot).
    pub(crate) fn slot_abstract_in(&self, c: usize, slot: usize) -> Option<bool> {
        for k in self.chain(c) {
            if let Some(&(_, a)) = self.classes[k].own.iter().find(|(s, _)| *s == slot) {
                return Some(a);
            }
        }
        None
    }
    pub(crate) fn assignable(&self, from: &Ty, to: &Ty) -> bool {
        match (from, to) {
            (Ty::P(a), Ty::P(b)) => widens(*a, *b),
            (Ty::Null, t) => t.is_ref(),
            (Ty::Str, Ty::Str) | (Ty::Tag, Ty::Tag) => true,
            (Ty::Class(a), Ty::Class(b)) => self.is_sub(*a, *b),
            (Ty::Arr(a), Ty::Arr(b)) => a == b,
            (f, Ty::Object) => f.is_ref(),
            _ => false,
        }
    }
    pub(crate) fn castable(&self, from: &Ty, to: &Ty) -> bool {
        match (from, to) {
            (Ty::Class(a), Ty::Class(b)) => self.is_sub(*a, *b) || self.is_sub(*b, *a),
            (Ty::Object, t) => t.is_ref(),
            _ => self.assignable(from, to),
        }
    }
    pub(crate) fn ty_str(&self, t: &Ty) -> String {
        match t {
            Ty::P(p) => p.name().into(),
            Ty::Str => "String".into(),
            Ty::Object => "Object".into(),
            Ty::Class(c) => self.classes[*c].name.clone(),
            Ty::Arr(e) => format!("{} [ ]", self.ty_str(e)),
            Ty::Null => "Object".into(),
            Ty::Tag => "tag".into(),
        }
    }
    /// The element type and dimension count of an array type.
    pub(crate) fn base_dims(t: &Ty) -> (Ty, usize) {
        match t {
            Ty::Arr(e) => {
                let (b, d) = Self::base_dims(e);
                (b, d + 1)
            }
            _ => (t.clone(), 0),
        }
    }
    pub(crate) fn field_visible(&self, f: &Field, recv: usize, from: Option<usize>) -> bool {
        self.chain(recv).contains(&f.owner)
            && (!f.private || (f.owner == recv && from == Some(recv)))
    }
    pub(crate) fn slot_visible(&self, s: &Slot, recv: usize, from: Option<usize>) -> bool {
        self.chain(recv).contains(&s.owner)
            && (!s.private || (s.owner == recv && from == Some(recv)))
    }
    /// Constructors of `c` callable from a body of rank `rank`.
    pub(crate) fn ctors_below(&self, c: usize, rank: usize) -> Vec<usize> {
        let k = &self.classes[c];
        if k.stdlib || k.is_abstract {
            return Vec::new();
        }
        (0..k.ctors.len())
            .filter(|&i| k.ctors[i].rank < rank)
            .collect()
    }
    /// Constructors of `c` usable in an expression of depth `d` (at depth 0
    /// only those without parameters, so generation terminates).
    pub(crate) fn ctors_at(&self, c: usize, rank: usize, d: u32) -> Vec<usize> {
        self.ctors_below(c, rank)
            .into_iter()
            .filter(|&i| d > 0 || self.classes[c].ctors[i].params.is_empty())
            .collect()
    }
    /// Concrete classes that are `c` or below it, constructible at `rank`.
    pub(crate) fn constructible(&self, c: usize, rank: usize, d: u32) -> Vec<usize> {
        self.user_classes()
            .into_iter()
            .filter(|&k| self.is_sub(k, c) && !self.ctors_at(k, rank, d).is_empty())
            .collect()
    }

    // -------------------------------------------------------------- types

    pub(crate) fn pick_class(&mut self) -> usize {
        let cs = self.user_classes();
        self.pick(&cs)
    }

    pub(crate) fn pick_prim(&mut self) -> P {
        match self.below(10) {
            0..=2 => P::Int,
            3 => P::Boolean,
            4 => P::Long,
            5 => P::Double,
            6 => P::Char,
            7 => P::Byte,
            8 => P::Short,
            _ => P::Float,
        }
    }

    /// A type for a variable, field or parameter.
    pub(crate) fn pick_type(&mut self, tags: bool) -> Ty {
        match self.below(12) {
            0..=2 => Ty::P(self.pick_prim()),
            3 => Ty::P(P::Int),
            4 | 5 => Ty::Str,
            6 | 7 => Ty::Class(self.pick_class()),
            8 => Ty::Object,
            9 => {
                let e = match self.below(5) {
                    0 => Ty::P(P::Int),
                    1 => Ty::P(P::Double),
                    2 => Ty::Str,
                    3 => Ty::Class(self.pick_class()),
                    _ => Ty::P(self.pick_prim()),
                };
                if self.chance(25) {
                    Ty::arr(Ty::arr(e))
                } else {
                    Ty::arr(e)
                }
            }
            10 if tags && !self.java => Ty::Tag,
            _ => Ty::P(P::Boolean),
        }
    }

    // ------------------------------------------------------------ places

    pub(crate) fn places(&self, cx: &Ctx) -> Vec<Place> {
        let mut v = Vec::new();
        for l in cx.locals() {
            v.push(Place {
                s: l.name.clone(),
                ty: l.ty.clone(),
                writable: l.assignable,
            });
            if let Ty::Class(k) = l.ty {
                for f in &self.fields {
                    if self.field_visible(f, k, cx.class) {
                        v.push(Place {
                            s: format!("{} . {}", l.name, f.name),
                            ty: f.ty.clone(),
                            writable: !f.fin,
                        });
                    }
                }
            }
        }
        if let (true, Some(c)) = (cx.instance, cx.class) {
            for (i, f) in self.fields.iter().enumerate() {
                if self.field_visible(f, c, Some(c)) {
                    v.push(Place {
                        s: if i % 2 == 0 {
                            format!("this . {}", f.name)
                        } else {
                            f.name.clone()
                        },
                        ty: f.ty.clone(),
                        writable: !f.fin,
                    });
                }
            }
        }
        for (i, k) in self.consts.iter().enumerate() {
            let bare = cx.class.is_some_and(|c| self.chain(c).contains(&k.owner)) && i % 2 == 0;
            v.push(Place {
                s: if bare {
                    k.name.clone()
                } else {
                    format!("{} . {}", self.classes[k.owner].name, k.name)
                },
                ty: k.ty.clone(),
                writable: false,
            });
        }
        for (s, p) in [
            ("Integer . MAX_VALUE", P::Int),
            ("Integer . MIN_VALUE", P::Int),
            ("Long . MAX_VALUE", P::Long),
            ("Math . PI", P::Double),
            ("Character . MAX_VALUE", P::Char),
        ] {
            v.push(Place {
                s: s.into(),
                ty: Ty::P(p),
                writable: false,
            });
        }
        v
    }

    /// Places whose type fits `want`; None if there are none.
    pub(crate) fn place_of(&mut self, cx: &Ctx, want: &Ty, writable: bool) -> Option<Place> {
        let mut ps: Vec<Place> = self
            .places(cx)
            .into_iter()
            .filter(|p| (!writable || p.writable) && self.assignable(&p.ty, want))
            .collect();
        if ps.is_empty() {
            None
        } else {
            let i = self.below(ps.len());
            Some(ps.swap_remove(i))
        }
    }

    /// A writable place of any type satisfying `ok`: a variable, a field or
    /// an array element.
    pub(crate) fn lvalue(&mut self, cx: &Ctx, ok: &dyn Fn(&Ty) -> bool, d: u32) -> Option<Place> {
        let all = self.places(cx);
        let mut cands: Vec<(String, Ty, bool)> = Vec::new();
        for p in &all {
            if p.writable && ok(&p.ty) {
                cands.push((p.s.clone(), p.ty.clone(), false));
            }
            if let Ty::Arr(e) = &p.ty {
                if ok(e) {
                    cands.push((p.s.clone(), (**e).clone(), true));
                }
            }
        }
        if cands.is_empty() {
            return None;
        }
        let (s, ty, elem) = cands.swap_remove(self.below(cands.len()));
        if elem {
            let i = self.index(cx, d);
            Some(Place {
                s: format!("{s} [ {} ]", i.s),
                ty,
                writable: true,
            })
        } else {
            Some(Place {
                s,
                ty,
                writable: true,
            })
        }
    }

    pub(crate) fn index(&mut self, cx: &Ctx, d: u32) -> E {
        if d == 0 || !self.chance(50) {
            E::atom(self.below(3).to_string(), Ty::P(P::Int))
        } else {
            self.expr(cx, &Ty::P(P::Int), d - 1)
        }
    }
}
