//! The class hierarchy: superclasses resolved (cycles broken and reported),
//! classes put supers first, and type names resolved to HIR types. In: the
//! collected classes; out: `superclass` links, the declaration order and
//! `Type`s. Linear in the number of classes, however deep the chains.

use super::*;

impl<'a> Sema<'a> {
    pub(super) fn resolve_superclasses(&mut self) {
        let object = self.program.well_known.object;
        for i in 0..self.program.classes.len() {
            let id = ClassId(i as u32);
            if id == object {
                if let Some(ext) = self.classes[i].decl.and_then(|d| d.extends.as_ref()) {
                    self.error(SemaError::InvalidSuperclass {
                        class: "Object".into(),
                        superclass: ext.name.clone(),
                        problem: SuperProblem::ObjectExtends,
                        span: ext.span,
                    });
                }
                continue;
            }
            let mut sup = object;
            if let Some(ext) = self.classes[i].decl.and_then(|d| d.extends.as_ref()) {
                match self.class_by_name.get(&ext.name) {
                    Some(&s) if self.classes[s.0 as usize].is_final => {
                        let class = self.program.class(id).name.clone();
                        self.error(SemaError::InvalidSuperclass {
                            class,
                            superclass: ext.name.clone(),
                            problem: SuperProblem::Sealed,
                            span: ext.span,
                        });
                    }
                    Some(&s) => sup = s,
                    None => {
                        let suggestion = self.suggest_class(&ext.name);
                        self.error(SemaError::UnknownType {
                            name: ext.name.clone(),
                            span: ext.span,
                            suggestion,
                        });
                    }
                }
            }
            self.program.classes[i].superclass = Some(sup);
        }
        // Break cycles: walk each chain up to a class already walked
        // (linear in the classes, however deep the hierarchy); the first
        // class of each cycle is reported and re-parented to Object.
        let n = self.program.classes.len();
        // 0: not walked, 1: on the current walk, 2: done.
        let mut state = vec![0u8; n];
        let mut cyclic = Vec::new();
        for i in 0..n {
            let mut path = Vec::new();
            let mut c = Some(ClassId(i as u32));
            while let Some(id) = c {
                match state[id.0 as usize] {
                    0 => {
                        state[id.0 as usize] = 1;
                        path.push(id);
                        c = self.program.class(id).superclass;
                    }
                    1 => {
                        let at = path.iter().position(|&x| x == id).expect("on the walk");
                        cyclic.push(*path[at..].iter().min().expect("a cycle"));
                        break;
                    }
                    _ => break,
                }
            }
            for id in path {
                state[id.0 as usize] = 2;
            }
        }
        cyclic.sort_unstable();
        for start in cyclic {
            let i = start.0 as usize;
            let span = self.classes[i]
                .decl
                .and_then(|d| d.extends.as_ref())
                .map_or(self.program.class(start).span, |e| e.span);
            self.error(SemaError::CyclicInheritance {
                class: self.program.class(start).name.clone(),
                span,
            });
            self.program.classes[i].superclass = Some(object);
        }
        // Supers first: order by depth in the hierarchy (each depth from
        // the superclass's, found once).
        let mut depth: Vec<Option<u32>> = vec![None; n];
        for i in 0..n {
            let mut path = Vec::new();
            let mut c = Some(ClassId(i as u32));
            let mut d = 0;
            while let Some(id) = c {
                if let Some(k) = depth[id.0 as usize] {
                    d = k + 1;
                    break;
                }
                path.push(id);
                c = self.program.class(id).superclass;
            }
            for id in path.into_iter().rev() {
                depth[id.0 as usize] = Some(d);
                d += 1;
            }
        }
        // The library's classes come before the program's (a library class
        // with a program class among its supers counts as the program's),
        // so the library's members get the same ids with or without a
        // program, and its prechecked bodies (`StdlibBodies`) fit.
        let mut order: Vec<ClassId> = (0..n as u32).map(ClassId).collect();
        order.sort_by_key(|&id| (depth[id.0 as usize], id));
        let mut user = vec![false; n];
        for &id in &order {
            let class = self.program.class(id);
            user[id.0 as usize] =
                !class.is_stdlib || class.superclass.is_some_and(|s| user[s.0 as usize]);
        }
        order.sort_by_key(|&id| (user[id.0 as usize], depth[id.0 as usize], id));
        self.class_order = order;
    }

    pub(crate) fn resolve_type(&mut self, t: &ast::TypeExpr) -> Type {
        let base = match &t.base {
            ast::BaseType::Prim(p) => Type::from_prim(*p),
            ast::BaseType::Tag => Type::Tag,
            ast::BaseType::Named(name) => match self.class_by_name.get(&name.name) {
                Some(&id) => Type::Class(id),
                None => {
                    let suggestion = self.suggest_class(&name.name);
                    self.error(SemaError::UnknownType {
                        name: name.name.clone(),
                        span: name.span,
                        suggestion,
                    });
                    return Type::Error;
                }
            },
        };
        base.array_of(t.dims)
    }

    pub(super) fn suggest_class(&self, name: &str) -> Option<String> {
        suggest(name, self.class_by_name.keys().map(String::as_str))
    }
}
