//! An independent, deliberately naive implementation of the classroom handout, written
//! from `shared/spec/variant-board.md` alone: boards are `Vec<char>`, move generation is
//! the handout's pseudo-code line by line (GenerateAdd, GenerateMove, GenerateHopping,
//! GenerateRemove, closeMill over the spec's list of lines, Black by colour swap), the
//! search is plain recursive MiniMax (and the textbook alpha-beta) over board lists with
//! `f64` infinities. Shared by the classroom test files through `#[path]`.
#![allow(dead_code)]

/// The spec's points in board-string order.
pub const NAMES: [&str; 22] = [
    "a0", "d0", "g0", "b1", "d1", "f1", "c2", "e2", "b3", "c3", "e3", "f3", "g3", "c4", "d4", "e4", "b5", "d5", "f5",
    "a6", "d6", "g6",
];

/// The spec's neighbour table, ascending.
pub const NEIGHBOURS: [&[usize]; 22] = [
    &[1, 3, 19],
    &[0, 2, 4],
    &[1, 5, 12],
    &[0, 4, 6, 8],
    &[1, 3, 5],
    &[2, 4, 7, 11],
    &[3, 7, 9],
    &[5, 6, 10],
    &[3, 9, 16],
    &[6, 8, 13],
    &[7, 11, 15],
    &[5, 10, 12, 18],
    &[2, 11, 21],
    &[9, 14, 16],
    &[13, 15, 17],
    &[10, 14, 18],
    &[8, 13, 17, 19],
    &[14, 16, 18, 20],
    &[11, 15, 17, 21],
    &[0, 16, 20],
    &[17, 19, 21],
    &[12, 18, 20],
];

/// The spec's sixteen lines, by name.
pub const LINES: [[&str; 3]; 16] = [
    ["a0", "d0", "g0"],
    ["b1", "d1", "f1"],
    ["e3", "f3", "g3"],
    ["c4", "d4", "e4"],
    ["b5", "d5", "f5"],
    ["a6", "d6", "g6"],
    ["b1", "b3", "b5"],
    ["c2", "c3", "c4"],
    ["e2", "e3", "e4"],
    ["f1", "f3", "f5"],
    ["g0", "g3", "g6"],
    ["d4", "d5", "d6"],
    ["a0", "b1", "c2"],
    ["g0", "f1", "e2"],
    ["c4", "b5", "a6"],
    ["e4", "f5", "g6"],
];

pub type Board = Vec<char>;

pub fn index(name: &str) -> usize {
    NAMES.iter().position(|&n| n == name).unwrap()
}

/// closeMill(j, b): the stone on `j` stands in a line of its own colour.
pub fn close_mill(j: usize, b: &Board) -> bool {
    let c = b[j];
    LINES.iter().any(|line| {
        let idx: Vec<usize> = line.iter().map(|n| index(n)).collect();
        idx.contains(&j) && idx.iter().all(|&p| b[p] == c)
    })
}

/// GenerateRemove(b, L).
pub fn generate_remove(b: &Board, list: &mut Vec<Board>) {
    let mut added = false;
    for location in 0..b.len() {
        if b[location] == 'B' && !close_mill(location, b) {
            let mut c = b.clone();
            c[location] = 'x';
            list.push(c);
            added = true;
        }
    }
    if !added {
        list.push(b.clone());
    }
}

pub fn generate_add(board: &Board) -> Vec<Board> {
    let mut list = Vec::new();
    for location in 0..board.len() {
        if board[location] == 'x' {
            let mut b = board.clone();
            b[location] = 'W';
            if close_mill(location, &b) { generate_remove(&b, &mut list) } else { list.push(b) }
        }
    }
    list
}

pub fn generate_move(board: &Board) -> Vec<Board> {
    let mut list = Vec::new();
    for location in 0..board.len() {
        if board[location] == 'W' {
            for &j in NEIGHBOURS[location] {
                if board[j] == 'x' {
                    let mut b = board.clone();
                    b[location] = 'x';
                    b[j] = 'W';
                    if close_mill(j, &b) { generate_remove(&b, &mut list) } else { list.push(b) }
                }
            }
        }
    }
    list
}

pub fn generate_hopping(board: &Board) -> Vec<Board> {
    let mut list = Vec::new();
    for alpha in 0..board.len() {
        if board[alpha] == 'W' {
            for beta in 0..board.len() {
                if board[beta] == 'x' {
                    let mut b = board.clone();
                    b[alpha] = 'x';
                    b[beta] = 'W';
                    if close_mill(beta, &b) { generate_remove(&b, &mut list) } else { list.push(b) }
                }
            }
        }
    }
    list
}

pub fn count(b: &Board, c: char) -> usize {
    b.iter().filter(|&&x| x == c).count()
}

pub fn generate_white(b: &Board, opening: bool) -> Vec<Board> {
    if opening {
        generate_add(b)
    } else if count(b, 'W') == 3 {
        generate_hopping(b)
    } else {
        generate_move(b)
    }
}

pub fn swap(b: &Board) -> Board {
    b.iter()
        .map(|&c| match c {
            'W' => 'B',
            'B' => 'W',
            x => x,
        })
        .collect()
}

pub fn generate_black(b: &Board, opening: bool) -> Vec<Board> {
    generate_white(&swap(b), opening).iter().map(swap).collect()
}

pub fn estimate(b: &Board, opening: bool) -> f64 {
    let (w, bl) = (count(b, 'W') as f64, count(b, 'B') as f64);
    if opening {
        return w - bl;
    }
    let black_moves = generate_black(b, false).len() as f64;
    if bl <= 2.0 {
        10000.0
    } else if w <= 2.0 {
        -10000.0
    } else if black_moves == 0.0 {
        10000.0
    } else {
        1000.0 * (w - bl) - black_moves
    }
}

/// Plain MiniMax: (value, positions evaluated).
pub fn minimax(b: &Board, depth: u32, max: bool, opening: bool) -> (f64, u64) {
    if depth == 0 {
        return (estimate(b, opening), 1);
    }
    let children = if max { generate_white(b, opening) } else { generate_black(b, opening) };
    let mut best = if max { f64::NEG_INFINITY } else { f64::INFINITY };
    let mut evaluated = 0;
    for c in &children {
        let (v, n) = minimax(c, depth - 1, !max, opening);
        evaluated += n;
        best = if max { best.max(v) } else { best.min(v) };
    }
    (best, evaluated)
}

/// The textbook alpha-beta (cut at v ≥ β for MAX, v ≤ α for MIN): (value, evaluated).
pub fn alpha_beta(b: &Board, depth: u32, mut alpha: f64, mut beta: f64, max: bool, opening: bool) -> (f64, u64) {
    if depth == 0 {
        return (estimate(b, opening), 1);
    }
    let children = if max { generate_white(b, opening) } else { generate_black(b, opening) };
    let mut v = if max { f64::NEG_INFINITY } else { f64::INFINITY };
    let mut evaluated = 0;
    for c in &children {
        let (cv, n) = alpha_beta(c, depth - 1, alpha, beta, !max, opening);
        evaluated += n;
        if max {
            v = v.max(cv);
            if v >= beta {
                break;
            }
            alpha = alpha.max(v);
        } else {
            v = v.min(cv);
            if v <= alpha {
                break;
            }
            beta = beta.min(v);
        }
    }
    (v, evaluated)
}

pub fn show(v: f64) -> String {
    if v == f64::INFINITY {
        "inf".to_string()
    } else if v == f64::NEG_INFINITY {
        "-inf".to_string()
    } else {
        format!("{v}")
    }
}

/// The reference program: the chosen board, the count and the printed estimate.
pub fn reference(board: &str, depth: u32, opening: bool, black: bool, pruning: bool) -> Option<(String, u64, String)> {
    let mut b: Board = board.chars().collect();
    if black {
        b = swap(&b);
    }
    let mut best: Option<(Board, f64)> = None;
    let mut evaluated = 0;
    let mut alpha = f64::NEG_INFINITY;
    for c in generate_white(&b, opening) {
        let (v, n) = if pruning {
            alpha_beta(&c, depth - 1, alpha, f64::INFINITY, false, opening)
        } else {
            minimax(&c, depth - 1, false, opening)
        };
        evaluated += n;
        if best.as_ref().is_none_or(|(_, bv)| v > *bv) {
            best = Some((c, v));
        }
        if pruning {
            if v >= f64::INFINITY {
                break;
            }
            alpha = alpha.max(v);
        }
    }
    let (mut chosen, v) = best?;
    if black {
        chosen = swap(&chosen);
    }
    Some((chosen.into_iter().collect(), evaluated, show(v)))
}

/// A small seeded generator (splitmix64), so the boards are the same on every run.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A random board with `white` and `black` stones.
pub fn random_board(rng: &mut Rng, white: usize, black: usize) -> String {
    let mut b = vec!['x'; NAMES.len()];
    for (c, k) in [('W', white), ('B', black)] {
        let mut placed = 0;
        while placed < k {
            let p = rng.below(b.len());
            if b[p] == 'x' {
                b[p] = c;
                placed += 1;
            }
        }
    }
    b.into_iter().collect()
}
