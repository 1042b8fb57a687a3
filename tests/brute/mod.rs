//! A small game of the standard board solved by brute force, from `shared/spec/rules.md`
//! alone: it shares no code with the solver (`src/tablebase/`) nor with the rules core
//! (`src/rules/`, `src/topology/`). Its own point numbering (rules.md's reading order,
//! top row first), its own lines and adjacency (read from rules.md's list of mills), its
//! own symmetries (found by search: every permutation of the points that keeps the lines
//! and the adjacency), its own enumeration of canonical positions (sorted keys, found by
//! binary search) and its own move generation (place, slide, fly, remove).
//!
//! The moving phase is solved for every pair of stone counts from 3 to `stones`, at every
//! count of plies without a removal under a rule of `rule` plies (plain sweeps, count
//! `rule` first), and without the rule (iterating to a fixed point; what is left open is
//! a draw). The placing phase is solved ply by ply from the last placement down, for
//! both profiles at once. Every position is solved, reachable or not.

use rayon::prelude::*;

/// Value codes for the side to move; the best move maximises, and the child's code seen
/// from the mover is `WIN - code`.
pub const LOSS: u8 = 0;
/// A draw.
pub const DRAW: u8 = 1;
/// A win.
pub const WIN: u8 = 2;

/// rules.md, "Board and coordinates": the points in reading order, top row first.
pub const NAMES: [&str; 24] = [
    "A1", "D1", "G1", "B2", "D2", "F2", "C3", "D3", "E3", "A4", "B4", "C4", "E4", "F4", "G4", "C5", "D5", "E5", "B6",
    "D6", "F6", "A7", "D7", "G7",
];

/// rules.md: "The 16 lines of three (mills)", rows then columns, as written there.
const LINES: &str = "A1 D1 G1 · B2 D2 F2 · C3 D3 E3 · A4 B4 C4 · E4 F4 G4 · C5 D5 E5 · B6 D6 F6 · A7 D7 G7 · \
                     A1 A4 A7 · B2 B4 B6 · C3 C4 C5 · D1 D2 D3 · D5 D6 D7 · E3 E4 E5 · F2 F4 F6 · G1 G4 G7";

/// The board: lines, adjacency (points next to each other on a line) and symmetries.
pub struct Board {
    /// The 16 lines as point sets.
    pub lines: Vec<u32>,
    /// The lines through each point.
    lines_at: Vec<Vec<u32>>,
    /// The points next to each point.
    neighbours: [u32; 24],
    /// Per symmetry, the image of each byte of a point set (three bytes).
    maps: Vec<[[u32; 256]; 3]>,
}

/// The point named `name` in [`NAMES`].
pub fn point(name: &str) -> usize {
    NAMES.iter().position(|n| n.eq_ignore_ascii_case(name)).unwrap_or_else(|| panic!("no point {name}"))
}

impl Board {
    /// The board of rules.md.
    pub fn new() -> Board {
        let lines: Vec<[usize; 3]> = LINES
            .split('·')
            .map(|l| {
                let p: Vec<usize> = l.split_whitespace().map(point).collect();
                [p[0], p[1], p[2]]
            })
            .collect();
        assert_eq!(lines.len(), 16);
        let mut neighbours = [0u32; 24];
        for l in &lines {
            for w in l.windows(2) {
                neighbours[w[0]] |= 1 << w[1];
                neighbours[w[1]] |= 1 << w[0];
            }
        }
        let masks: Vec<u32> = lines.iter().map(|l| l.iter().fold(0, |m, &p| m | 1 << p)).collect();
        let lines_at = (0..24).map(|p| masks.iter().copied().filter(|m| m & 1 << p != 0).collect()).collect();
        let perms = symmetries(&neighbours, &masks);
        assert_eq!(perms.len(), 16, "rules.md: the board is symmetric under 16 maps");
        let maps = perms
            .iter()
            .map(|perm| {
                let mut map = [[0u32; 256]; 3];
                for (byte, table) in map.iter_mut().enumerate() {
                    for (v, image) in table.iter_mut().enumerate() {
                        *image = (0..8).filter(|j| v & 1 << j != 0).fold(0, |m, j| m | 1 << perm[8 * byte + j]);
                    }
                }
                map
            })
            .collect();
        Board { lines: masks, lines_at, neighbours, maps }
    }

    fn map(map: &[[u32; 256]; 3], set: u32) -> u32 {
        map[0][(set & 255) as usize] | map[1][((set >> 8) & 255) as usize] | map[2][(set >> 16) as usize]
    }

    /// The smallest image of the position (side to move's stones, the other's) under the
    /// symmetries, as one key: `us << 24 | them`.
    pub fn canonical(&self, us: u32, them: u32) -> u64 {
        self.maps.iter().map(|m| u64::from(Board::map(m, us)) << 24 | u64::from(Board::map(m, them))).min().unwrap_or(0)
    }

    /// What the canonical keys of every position whose side to move holds `us` share:
    /// the smallest image of `us` and the symmetries that give it (usually one).
    pub fn frame(&self, us: u32) -> Frame {
        let top = self.maps.iter().map(|m| Board::map(m, us)).min().unwrap_or(0);
        let maps = (0..self.maps.len()).filter(|&s| Board::map(&self.maps[s], us) == top).collect();
        Frame { top, maps }
    }

    /// The canonical key of (`us` of `frame`, `them`): [`Board::canonical`] for many
    /// positions with one side to move's set.
    pub fn key_in(&self, frame: &Frame, them: u32) -> u64 {
        let low = frame.maps.iter().map(|&s| Board::map(&self.maps[s], them)).min().unwrap_or(0);
        u64::from(frame.top) << 24 | u64::from(low)
    }

    fn is_canonical(&self, us: u32, them: u32) -> bool {
        self.maps.iter().all(|m| {
            let mu = Board::map(m, us);
            mu > us || (mu == us && Board::map(m, them) >= them)
        })
    }

    /// Whether `stones` (which hold `to`) have a line through `to`.
    fn closes_line(&self, stones: u32, to: usize) -> bool {
        self.lines_at[to].iter().any(|&l| l & !stones == 0)
    }

    /// The stones of `stones` that stand in a line of their own.
    pub fn in_lines(&self, stones: u32) -> u32 {
        self.lines.iter().filter(|&&l| stones & l == l).fold(0, |m, l| m | l)
    }

    /// rules.md "Which stone may be removed": any stone not in a line; if every stone is
    /// in one, any of them.
    pub fn removable(&self, them: u32) -> u32 {
        let free = them & !self.in_lines(them);
        if free == 0 { them } else { free }
    }

    /// Every move of the side to move, as the stones after it (mover's, other's): placing
    /// when `placing`, else sliding, or flying with three stones (rules.md "Play").
    pub fn for_each_move(&self, us: u32, them: u32, placing: bool, mut f: impl FnMut(Move)) {
        let empty = ALL & !(us | them);
        let mut land = |from: u32, to: usize| {
            let after = (us & !from) | 1 << to;
            if self.closes_line(after, to) && them != 0 {
                let removable = self.removable(them);
                let all_in_lines = removable == them && self.in_lines(them) == them;
                for r in bits(removable) {
                    f(Move { us: after, them: them & !(1 << r), removes: true, all_in_lines });
                }
            } else {
                f(Move { us: after, them, removes: false, all_in_lines: false });
            }
        };
        if placing {
            for to in bits(empty) {
                land(0, to);
            }
        } else {
            let flying = us.count_ones() == 3;
            for from in bits(us) {
                let targets = if flying { empty } else { self.neighbours[from] & empty };
                for to in bits(targets) {
                    land(1 << from, to);
                }
            }
        }
    }
}

/// The symmetries that give a side-to-move set its smallest image ([`Board::frame`]).
pub struct Frame {
    top: u32,
    maps: Vec<usize>,
}

/// Every point.
const ALL: u32 = (1 << 24) - 1;

/// One move's result.
#[derive(Copy, Clone, Debug)]
pub struct Move {
    /// The mover's stones after it.
    pub us: u32,
    /// The other side's stones after it.
    pub them: u32,
    /// Whether it removed a stone.
    pub removes: bool,
    /// Whether it removed a stone standing in a line, every stone of the other side
    /// standing in one.
    pub all_in_lines: bool,
}

/// The points of a set.
pub fn bits(mut set: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let p = set.trailing_zeros() as usize;
            set &= set - 1;
            p
        })
    })
}

/// Every permutation of the points that keeps adjacency and the lines, by backtracking.
fn symmetries(neighbours: &[u32; 24], lines: &[u32]) -> Vec<[usize; 24]> {
    fn extend(p: usize, perm: &mut [usize; 24], used: u32, nb: &[u32; 24], lines: &[u32], out: &mut Vec<[usize; 24]>) {
        if p == 24 {
            let image = |set: u32| bits(set).fold(0u32, |m, q| m | 1 << perm[q]);
            if lines.iter().all(|&l| lines.contains(&image(l))) {
                out.push(*perm);
            }
            return;
        }
        for q in 0..24 {
            let fits = used & 1 << q == 0
                && (0..p).all(|r| (nb[p] & 1 << r != 0) == (nb[q] & 1 << perm[r] != 0))
                && nb[p].count_ones() == nb[q].count_ones();
            if fits {
                perm[p] = q;
                extend(p + 1, perm, used | 1 << q, nb, lines, out);
            }
        }
    }
    let mut out = Vec::new();
    extend(0, &mut [0; 24], 0, neighbours, lines, &mut out);
    out
}

/// Every set of `k` points, ascending.
fn sets_of(k: u32) -> Vec<u32> {
    (0..1u32 << 24).filter(|s| s.count_ones() == k).collect()
}

/// The canonical positions with `a` stones for the side to move and `b` for the other,
/// as sorted keys ([`Board::canonical`]).
pub struct Space {
    /// Sorted canonical keys.
    pub keys: Vec<u64>,
    /// The stones of each side: (to move, other).
    stones: (u32, u32),
    /// Per side-to-move set (by its rank among the sets of `a` points), where its block of
    /// [`Space::bits`] begins, or `u32::MAX` where no key holds it.
    blocks: Vec<u32>,
    /// Per side-to-move set, one bit per set of `b` points among the other 24 - `a` (by
    /// rank): whether that position is canonical. A binary search of the keys missed the
    /// caches at every step; these bits are a few hundred kilobytes in the 4-stone game.
    bits: Vec<u64>,
    /// Per word of [`Space::bits`], the id of its first canonical position.
    before: Vec<u32>,
}

/// Binomial coefficients `CHOOSE[n][k]` for `n, k <= 24`, each by the running product
/// `n/1 · (n-1)/2 · …`, whole at every step.
static CHOOSE: std::sync::LazyLock<[[u32; 25]; 25]> = std::sync::LazyLock::new(|| {
    std::array::from_fn(|n| {
        std::array::from_fn(|k| (0..k).fold(1u64, |c, i| c * n.saturating_sub(i) as u64 / (i as u64 + 1)) as u32)
    })
});

/// The rank of `set` among the sets of as many points of `within`, in ascending order of
/// the sets as numbers (each point counted by its place among the points of `within`).
fn rank_in(set: u32, within: u32) -> usize {
    bits(set).enumerate().map(|(i, p)| CHOOSE[(within & ((1 << p) - 1)).count_ones() as usize][i + 1] as usize).sum()
}

impl Space {
    fn new(board: &Board, a: u32, b: u32, sets: &[Vec<u32>]) -> Space {
        let mut keys: Vec<u64> = sets[a as usize]
            .par_iter()
            .flat_map_iter(|&us| {
                sets[b as usize]
                    .iter()
                    .filter(move |&&them| us & them == 0 && board.is_canonical(us, them))
                    .map(move |&them| u64::from(us) << 24 | u64::from(them))
            })
            .collect();
        keys.sort_unstable();
        let words = (CHOOSE[24 - a as usize][b as usize] as usize).div_ceil(64);
        let (mut blocks, mut bits, mut before) =
            (vec![u32::MAX; CHOOSE[24][a as usize] as usize], Vec::new(), Vec::new());
        for (id, &key) in keys.iter().enumerate() {
            let (us, them) = ((key >> 24) as u32, (key & u64::from(ALL)) as u32);
            let block = &mut blocks[rank_in(us, ALL)];
            if *block == u32::MAX {
                *block = bits.len() as u32;
                bits.resize(bits.len() + words, 0);
                before.resize(bits.len(), 0);
            }
            let t = rank_in(them, ALL & !us);
            let word = *block as usize + t / 64;
            if bits[word] == 0 {
                before[word] = id as u32;
            }
            bits[word] |= 1 << (t % 64);
        }
        Space { keys, stones: (a, b), blocks, bits, before }
    }

    /// The dense id of a canonical key: its place in [`Space::keys`].
    pub fn id(&self, key: u64) -> usize {
        let (us, them) = ((key >> 24) as u32, (key & u64::from(ALL)) as u32);
        let fits = (us.count_ones(), them.count_ones()) == self.stones && us & them == 0 && us & !ALL == 0;
        let block = if fits { self.blocks[rank_in(us, ALL)] } else { u32::MAX };
        let found = (block != u32::MAX).then(|| {
            let t = rank_in(them, ALL & !us);
            let word = block as usize + t / 64;
            let below = self.bits[word] & ((1 << (t % 64)) - 1);
            (self.bits[word] >> (t % 64) & 1 == 1).then(|| self.before[word] as usize + below.count_ones() as usize)
        });
        found.flatten().unwrap_or_else(|| panic!("key {key:x} is not canonical here"))
    }
}

/// The stones placed before ply `ply`: by the side to move, by the other (White places
/// first, on even plies).
pub const fn placed(ply: u8) -> (u8, u8) {
    (ply / 2, ply.div_ceil(2))
}

/// What the brute force met on its way, to show every rule happened.
#[derive(Default, Debug, Clone)]
pub struct Seen {
    /// Moving positions whose side to move has no move.
    pub blocked: u64,
    /// Moving positions whose side to move flies.
    pub flying: u64,
    /// Moving positions whose side to move slides.
    pub sliding: u64,
    /// Positions with a move that closes a line while every stone of the other side
    /// stands in one (so a stone in a line is removed).
    pub removal_from_lines: u64,
    /// Placing positions after a removal (fewer stones on the board than placed).
    pub placing_after_removal: u64,
    /// Moving positions won without the rule, drawn with it at count 0.
    pub cursed_wins: u64,
    /// Placing positions whose value differs between the profiles.
    pub profiles_differ: u64,
}

impl Seen {
    fn add(&mut self, other: &Seen) {
        self.blocked += other.blocked;
        self.flying += other.flying;
        self.sliding += other.sliding;
        self.removal_from_lines += other.removal_from_lines;
        self.placing_after_removal += other.placing_after_removal;
        self.cursed_wins += other.cursed_wins;
        self.profiles_differ += other.profiles_differ;
    }
}

/// The values of one moving space: at each count `0..=rule`, and without the rule.
pub struct MovingValues {
    /// `at_count[c][id]`.
    pub at_count: Vec<Vec<u8>>,
    /// Without the rule.
    pub no_rule: Vec<u8>,
}

/// A whole game of `stones` a side, solved.
pub struct Game {
    /// The board.
    pub board: Board,
    /// Stones a side.
    pub stones: u8,
    /// The no-removal rule of the short profile.
    pub rule: u16,
    spaces: Vec<Vec<Space>>,
    moving: Vec<Vec<Option<MovingValues>>>,
    /// `placing[ply][a][b]`: per canonical key of space `(a, b)`, the short rule's value in
    /// the low two bits and the no-rule value in the next two.
    placing: Vec<Vec<Vec<Vec<u8>>>>,
    /// What was met.
    pub seen: Seen,
}

impl Game {
    /// Solves the game of `stones` a side (at most 9) under a no-removal rule of `rule`
    /// plies (at least 1) and without it.
    pub fn solve(stones: u8, rule: u16) -> Game {
        assert!(rule >= 1 && (3..=9).contains(&stones));
        let board = Board::new();
        let k = u32::from(stones);
        let sets: Vec<Vec<u32>> = (0..=k).map(sets_of).collect();
        let spaces: Vec<Vec<Space>> =
            (0..=k).map(|a| (0..=k).map(|b| Space::new(&board, a, b, &sets)).collect()).collect();
        drop(sets);
        let mut game = Game {
            board,
            stones,
            rule,
            spaces,
            moving: (0..=k).map(|_| (0..=k).map(|_| None).collect()).collect(),
            placing: Vec::new(),
            seen: Seen::default(),
        };
        // Fewer stones first: a removal leads to a pair solved before.
        for total in 6..=2 * stones {
            for a in 3..=stones.min(total - 3) {
                let b = total - a;
                if b >= a && b <= stones {
                    game.solve_moving_pair(a, b);
                }
            }
        }
        game.solve_placing();
        game
    }

    /// The canonical positions with `a` and `b` stones.
    pub fn space(&self, a: u8, b: u8) -> &Space {
        &self.spaces[usize::from(a)][usize::from(b)]
    }

    /// The moving values of space `(a, b)`.
    pub fn moving(&self, a: u8, b: u8) -> &MovingValues {
        self.moving[usize::from(a)][usize::from(b)].as_ref().expect("a moving space of the game")
    }

    /// The placing values at `ply` of space `(a, b)`: (short rule, no rule) per id.
    pub fn placing(&self, ply: u8, a: u8, b: u8, id: usize) -> (u8, u8) {
        let v = self.placing[usize::from(ply)][usize::from(a)][usize::from(b)][id];
        (v & 3, v >> 2)
    }

    fn id_of(&self, us: u32, them: u32) -> usize {
        self.space(us.count_ones() as u8, them.count_ones() as u8).id(self.board.canonical(us, them))
    }

    /// Solves the moving spaces `(a, b)` and `(b, a)` together.
    fn solve_moving_pair(&mut self, a: u8, b: u8) {
        let members: Vec<(u8, u8)> = if a == b { vec![(a, a)] } else { vec![(a, b), (b, a)] };
        let rule = usize::from(self.rule);
        // Per member, per position: plain children (ids in the mirror space), removal
        // children (ids in the space with one stone fewer for the other side), whether a
        // removal wins at once, whether it is blocked.
        struct Node {
            plain: Vec<u32>,
            removal: Vec<u32>,
            wins_now: bool,
            from_lines: bool,
        }
        let nodes: Vec<Vec<Node>> = members
            .iter()
            .map(|&(x, y)| {
                self.space(x, y)
                    .keys
                    .par_iter()
                    .map(|&key| {
                        let (us, them) = ((key >> 24) as u32, (key & u64::from(ALL)) as u32);
                        let mut n = Node { plain: Vec::new(), removal: Vec::new(), wins_now: false, from_lines: false };
                        // Every plain child has `them` to move.
                        let frame = self.board.frame(them);
                        let mirror_space = self.space(y, x);
                        self.board.for_each_move(us, them, false, |m| {
                            n.from_lines |= m.all_in_lines;
                            if !m.removes {
                                n.plain.push(mirror_space.id(self.board.key_in(&frame, m.us)) as u32);
                            } else if m.them.count_ones() < 3 {
                                n.wins_now = true;
                            } else {
                                n.removal.push(self.id_of(m.them, m.us) as u32);
                            }
                        });
                        n.plain.sort_unstable();
                        n.plain.dedup();
                        n.removal.sort_unstable();
                        n.removal.dedup();
                        n
                    })
                    .collect()
            })
            .collect();
        let blocked = |n: &Node| n.plain.is_empty() && n.removal.is_empty() && !n.wins_now;
        let mut seen = Seen::default();
        for (m, &(x, _)) in members.iter().enumerate() {
            seen.blocked += nodes[m].iter().filter(|n| blocked(n)).count() as u64;
            seen.removal_from_lines += nodes[m].iter().filter(|n| n.from_lines).count() as u64;
            *(if x == 3 { &mut seen.flying } else { &mut seen.sliding }) += nodes[m].len() as u64;
        }
        let mirror = |m: usize| members.len() - 1 - m;
        let this = &*self;
        // A removal leaves the other side y - 1 stones, to move in space (y - 1, x); with
        // y = 3 it wins at once.
        let targets: Vec<Option<&MovingValues>> =
            members.iter().map(|&(x, y)| (y > 3).then(|| this.moving(y - 1, x))).collect();
        // Under the rule: count `rule` is a draw unless blocked; each count below from the
        // one above (plain moves) and count 0 of the removals' spaces.
        let mut at_count: Vec<Vec<Vec<u8>>> =
            nodes.iter().map(|ns| vec![ns.iter().map(|n| if blocked(n) { LOSS } else { DRAW }).collect()]).collect();
        for _ in 0..rule {
            let above: Vec<Vec<u8>> = at_count.iter().map(|levels| levels[0].clone()).collect();
            for (m, ns) in nodes.iter().enumerate() {
                let level: Vec<u8> = ns
                    .par_iter()
                    .map(|n| {
                        if n.wins_now {
                            return WIN;
                        }
                        let plain = n.plain.iter().map(|&c| WIN - above[mirror(m)][c as usize]);
                        let removal =
                            n.removal.iter().map(|&c| WIN - targets[m].map_or(DRAW, |t| t.at_count[0][c as usize]));
                        plain.chain(removal).max().unwrap_or(LOSS)
                    })
                    .collect();
                at_count[m].insert(0, level);
            }
        }
        // Without the rule: what can be decided, until nothing changes; the rest is drawn.
        const OPEN: u8 = 3;
        let mut known: Vec<Vec<u8>> = nodes.iter().map(|ns| vec![OPEN; ns.len()]).collect();
        loop {
            let mut changed = false;
            for m in 0..members.len() {
                let update: Vec<(usize, u8)> = nodes[m]
                    .par_iter()
                    .enumerate()
                    .filter(|&(i, _)| known[m][i] == OPEN)
                    .filter_map(|(i, n)| {
                        let plain = n.plain.iter().map(|&c| known[mirror(m)][c as usize]);
                        let removal = n.removal.iter().map(|&c| targets[m].map_or(DRAW, |t| t.no_rule[c as usize]));
                        let children = || plain.clone().chain(removal.clone());
                        if n.wins_now || children().any(|c| c == LOSS) {
                            Some((i, WIN))
                        } else if children().all(|c| c == WIN) {
                            Some((i, LOSS))
                        } else {
                            None
                        }
                    })
                    .collect();
                changed |= !update.is_empty();
                for (i, v) in update {
                    known[m][i] = v;
                }
            }
            if !changed {
                break;
            }
        }
        drop(nodes);
        drop(targets);
        self.seen.add(&seen);
        for (m, &(x, y)) in members.iter().enumerate() {
            let no_rule: Vec<u8> = known[m].iter().map(|&v| if v == OPEN { DRAW } else { v }).collect();
            self.seen.cursed_wins +=
                no_rule.iter().zip(&at_count[m][0]).filter(|&(&g, &r)| g == WIN && r == DRAW).count() as u64;
            let values = MovingValues { at_count: std::mem::take(&mut at_count[m]), no_rule };
            self.moving[usize::from(x)][usize::from(y)] = Some(values);
        }
    }

    /// Solves every placing position, from the last placement down to the empty board.
    fn solve_placing(&mut self) {
        let k = self.stones;
        let last = 2 * k;
        self.placing = (0..last).map(|_| Vec::new()).collect();
        for ply in (0..last).rev() {
            let (mover, other) = placed(ply);
            let hand = k - mover;
            let mut layer: Vec<Vec<Vec<u8>>> = vec![Vec::new(); usize::from(mover) + 1];
            let mut seen = Seen::default();
            for a in 0..=mover {
                for b in 0..=other {
                    let keys = &self.space(a, b).keys;
                    let values: Vec<(u8, bool, bool)> = keys
                        .par_iter()
                        .map(|&key| {
                            let (us, them) = ((key >> 24) as u32, (key & u64::from(ALL)) as u32);
                            self.placing_value(ply, hand, us, them)
                        })
                        .collect();
                    seen.removal_from_lines += values.iter().filter(|v| v.1).count() as u64;
                    if a + b < ply {
                        seen.placing_after_removal += keys.len() as u64;
                    }
                    seen.profiles_differ += values.iter().filter(|v| v.2).count() as u64;
                    layer[usize::from(a)].push(values.into_iter().map(|v| v.0).collect());
                }
            }
            self.seen.add(&seen);
            self.placing[usize::from(ply)] = layer;
        }
    }

    /// A placing position's values (short rule | no rule << 2), whether a line closed
    /// with every stone of the other side in one, whether the profiles differ.
    fn placing_value(&self, ply: u8, hand: u8, us: u32, them: u32) -> (u8, bool, bool) {
        // rules.md "End of the game": fewer than 3 stones on the board and in hand.
        if us.count_ones() + u32::from(hand) < 3 {
            return (LOSS | LOSS << 2, false, false);
        }
        let (mut rule, mut none, mut from_lines) = (LOSS, LOSS, false);
        let frame = self.board.frame(them);
        let id_of = |m: &Move| {
            if m.removes {
                self.id_of(m.them, m.us)
            } else {
                self.space(m.them.count_ones() as u8, m.us.count_ones() as u8).id(self.board.key_in(&frame, m.us))
            }
        };
        self.board.for_each_move(us, them, true, |m| {
            from_lines |= m.all_in_lines;
            // The child, from the other side's view: lost by material, the moving phase
            // at count 0 after the last placement, or the next ply.
            let (c_rule, c_none) = if m.them.count_ones() + u32::from(self.stones - placed(ply + 1).0) < 3 {
                (LOSS, LOSS)
            } else if ply + 1 == 2 * self.stones {
                let v = self.moving(m.them.count_ones() as u8, m.us.count_ones() as u8);
                let id = id_of(&m);
                (v.at_count[0][id], v.no_rule[id])
            } else {
                let id = id_of(&m);
                self.placing(ply + 1, m.them.count_ones() as u8, m.us.count_ones() as u8, id)
            };
            rule = rule.max(WIN - c_rule);
            none = none.max(WIN - c_none);
        });
        (rule | none << 2, from_lines, rule != none)
    }
}
