//! Maps keyed by the tables' own small keys (subspaces, cells, positions' bits), hashed by
//! a multiply per byte instead of SipHash. SipHash resists keys chosen to collide, which
//! these never are (no client chooses them), and it was a tenth of a placing probe (three
//! lookups) and of verify's check of a child's value (docs/performance.md).

/// A `HashMap` hashed by [`SmallKeys`].
pub type SmallMap<K, V> = std::collections::HashMap<K, V, std::hash::BuildHasherDefault<SmallKeys>>;

/// FxHash's step over bytes: rotate, xor, multiply.
#[derive(Clone, Copy, Debug, Default)]
pub struct SmallKeys(u64);

impl std::hash::Hasher for SmallKeys {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.step(u64::from(b));
        }
    }

    fn write_u32(&mut self, n: u32) {
        self.step(u64::from(n));
    }

    fn write_u64(&mut self, n: u64) {
        self.step(n);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

impl SmallKeys {
    fn step(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}
