//! Tag instances in the simulation: binding objects to instances as the
//! profile's binding records say, and the hash tag-routed tasks use.

use super::*;

/// Mixes a tag id into a well-spread hash (splitmix64's finaliser).
pub(in crate::synthesis::sim) fn tag_hash(tag: u32) -> u64 {
    let mut z = u64::from(tag).wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl Sim<'_> {
    /// Where object `o`'s instance of tag type `tag` is kept in `obj_tags`,
    /// if the program has that type.
    pub(super) fn tag_slot(&self, o: u32, tag: u32) -> Option<usize> {
        let t = tag as usize;
        (t < self.tags.tag_types).then(|| o as usize * self.tags.tag_types + t)
    }

    /// The instance of tag type `tag` object `o` is bound to (0: none).
    pub(super) fn tag_of(&self, o: u32, tag: u32) -> u32 {
        self.tag_slot(o, tag).map_or(0, |i| self.tags.obj_tags[i])
    }

    /// Binds object `o` to an instance of `tag` from `source` (`params`:
    /// the invocation's parameter objects, running on `core`). A parameter
    /// without an instance of the type leaves `o` as it is.
    pub(super) fn bind(
        &mut self,
        o: u32,
        tag: u32,
        source: TagSource,
        params: &[u32],
        core: usize,
    ) {
        let Some(slot) = self.tag_slot(o, tag) else {
            return;
        };
        let t = tag as usize;
        let inst = match source {
            TagSource::Param(q) => match params.get(q as usize) {
                Some(&holder) => self.tag_of(holder, tag),
                None => 0,
            },
            TagSource::Cleared => {
                self.tags.obj_tags[slot] = 0;
                return;
            }
            TagSource::Open { group } => {
                let (open, bound) = self.tags.open_tags[t];
                if open != 0 && (group == 0 || bound < group) {
                    self.tags.open_tags[t].1 += 1;
                    open
                } else {
                    let new = self.tags.next_tag;
                    self.tags.next_tag += 1;
                    self.tags.tag_home.push(core as u32);
                    self.tags.open_tags[t] = (new, 1);
                    new
                }
            }
        };
        if inst != 0 {
            self.tags.obj_tags[slot] = inst;
        }
    }
}
