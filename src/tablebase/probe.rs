//! Read-only access to table files: the value of a [`Position`], the values of its moves,
//! and the [`Oracle`] the engine's search consults (docs/tablebase.md: a small read-only
//! probing API, like shakmaty-syzygy's). Nothing here computes or writes tables.
//!
//! Opening a directory reads each file's header only. A subspace's index is built the
//! first time it is needed (or ahead of time by [`Tablebase::warm_up`], on a thread of
//! its own, so the engine starts at once and its search is never held up: until an index
//! is ready, its positions are simply not covered). A probe unpacks one block: through a
//! cache of recently used blocks, except a packed placing cell's, which unpacks on the
//! stack in about a microsecond.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

use super::shared::cell::{self as placing, Block, PlacingCell, PlacingFile, dictionary_path, placing_rules};
use super::shared::container::Backing;
use super::shared::dictionary;
use super::shared::error::TablebaseError;
use super::shared::fast::{self, FAST_EXTENSION, FastFile};
use super::shared::index::Indexer;
use super::shared::sector::{FILE_EXTENSION, MIN_STONES, Subspace, header_rules, is_supported, rules_text};
use super::shared::store::{self, Stream, TableFile, distance_in_block};
use super::shared::value::{LOST_NOW, RuleProfile, TableValue, Wdl};
use crate::rules::{Color, Move, MoveList, Position, Ruleset, STANDARD};
use crate::search::{Oracle, OracleValue};

/// A map of the probe's small keys (subspaces, cells, games).
type HashMap<K, V> = crate::tablebase::shared::small_keys::SmallMap<K, V>;

/// Blocks the cache holds by default (about 16 KB to 32 KB each once unpacked).
pub const DEFAULT_CACHE_BLOCKS: usize = 4096;

/// One cache slot: a block's key and its unpacked contents.
type Slot<T> = Option<(u64, Arc<T>)>;

/// A key's slot hash: every bit of the key moves every bit of the hash (the finaliser of
/// MurmurHash3). A key's high bits name its table and its low bits the block, so a hash
/// that kept only some of the product's bits sent block `b` of every table to one slot.
fn mix(key: u64) -> u64 {
    let mut x = key ^ (key >> 33);
    x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
    x ^= x >> 33;
    x = x.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    x ^ (x >> 33)
}

/// A direct-mapped cache of unpacked blocks, shared by all threads.
struct BlockCache<T> {
    slots: Vec<Mutex<Slot<T>>>,
}

impl<T> BlockCache<T> {
    fn new(blocks: usize) -> BlockCache<T> {
        BlockCache { slots: (0..blocks.max(1)).map(|_| Mutex::new(None)).collect() }
    }

    fn get_or_load(
        &self,
        key: u64,
        load: impl FnOnce() -> Result<T, TablebaseError>,
    ) -> Result<Arc<T>, TablebaseError> {
        let slot = &self.slots[(mix(key) % self.slots.len() as u64) as usize];
        if let Ok(s) = slot.lock()
            && let Some((k, block)) = s.as_ref()
            && *k == key
        {
            return Ok(Arc::clone(block));
        }
        let block = Arc::new(load()?);
        if let Ok(mut s) = slot.lock() {
            *s = Some((key, Arc::clone(&block)));
        }
        Ok(block)
    }
}

/// Whether a part of the tables made when first needed (an index, an unpacked fast form)
/// is made when it is not there yet.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Make {
    /// No: not there until another call makes it.
    Never,
    /// Yes, on this thread (waiting if another is making it).
    Now,
    /// Yes, by a background thread at low priority ([`spawn_background`]): made first and
    /// only then put in place, so that a search asking for the same part meanwhile makes
    /// its own at its own priority instead of waiting on this thread.
    Background,
}

impl Make {
    fn from_build(build: bool) -> Make {
        if build { Make::Now } else { Make::Never }
    }

    /// `lock`'s value, made by `make` as `self` says (`None` when it is not to be made).
    fn get<T>(self, lock: &OnceLock<T>, make: impl FnOnce() -> T) -> Option<&T> {
        match self {
            Make::Never => lock.get(),
            Make::Now => Some(lock.get_or_init(make)),
            Make::Background => {
                if lock.get().is_none() {
                    // Someone else's value may have been put in place meanwhile: it is
                    // the same, and this one is dropped.
                    let _ = lock.set(make());
                }
                lock.get()
            }
        }
    }
}

/// One subspace's file and (once built) its index.
struct Source {
    id: u64,
    file: TableFile,
    /// The fast form of the classes, when there is one.
    fast: FastSlot,
    indexer: OnceLock<Result<Arc<Indexer>, String>>,
}

/// A table's fast form: opened with the table (a folder's, or carried as it is), or
/// carried packed and unpacked when first readied ([`Tablebase::wait_ready`],
/// [`Oracle::prepare`]), so that an engine whose game never nears the carried tables
/// never unpacks them.
enum FastSlot {
    Open(Option<FastFile>),
    Packed { path: PathBuf, packed: &'static [u8], file: OnceLock<Option<FastFile>> },
}

impl Source {
    /// The fast form, unpacked as `make` says if it is packed; `None` when there is none
    /// (or not unpacked yet, or it fails its checks: the full table answers then).
    fn fast(&self, make: Make) -> Option<&FastFile> {
        match &self.fast {
            FastSlot::Open(file) => file.as_ref(),
            FastSlot::Packed { path, packed, file } => {
                let init = || match unpack_carried(path, packed) {
                    Ok(bytes) => FastFile::over(
                        path.clone(),
                        Backing::Carried(bytes),
                        self.file.header.subspace,
                        Some(&self.file.header.rules),
                    )
                    .inspect_err(|e| log::error!("tablebase: {e}; reading the full table instead"))
                    .ok(),
                    Err(e) => {
                        log::error!("tablebase: {e}; reading the full table instead");
                        None
                    }
                };
                make.get(file, init)?.as_ref()
            }
        }
    }
}

/// The bytes a carried zstd frame at `path` unpacks to, held for the life of the process.
///
/// # Errors
/// [`TablebaseError::CorruptedTable`], naming `path`: the frame does not unpack.
pub fn unpack_carried(path: &Path, packed: &[u8]) -> Result<&'static [u8], TablebaseError> {
    let corrupted = |reason: String| TablebaseError::CorruptedTable { path: path.to_path_buf(), reason };
    // The frame says its length: one allocation, written once.
    let unpacked = match zstd::zstd_safe::get_frame_content_size(packed) {
        Ok(Some(len)) if len <= 1 << 30 => zstd::bulk::decompress(packed, len as usize),
        _ => zstd::stream::decode_all(packed),
    }
    .map_err(|e| corrupted(format!("the packed file does not unpack: {e}")))?;
    Ok(Box::leak(unpacked.into_boxed_slice()))
}

/// One placing cell's file, opened on first use.
struct PlacingSource {
    id: u64,
    path: PathBuf,
    cell: PlacingCell,
    /// The cell's bytes and its set's dictionary's, when carried in the binary.
    carried: Option<(&'static [u8], Option<&'static [u8]>)>,
    file: OnceLock<Result<PlacingFile, String>>,
}

/// The placing cells of one game (stones a side) and rule profile.
type PlacingSet = HashMap<PlacingCell, PlacingSource>;

/// The tables of one directory, for the standard rules.
pub struct Tablebase {
    dir: PathBuf,
    tables: HashMap<Subspace, Source>,
    /// The no-removal rule the tables were built for.
    profile: RuleProfile,
    cache: BlockCache<Vec<u8>>,
    /// Placing cells by (stones a side, rule profile).
    placing: HashMap<(u8, RuleProfile), PlacingSet>,
    /// Blocks of the placing cells.
    code_cache: BlockCache<Block>,
    /// Indices by stone counts, shared by the moving tables and the placing cells.
    indexers: HashMap<(u8, u8), OnceLock<Arc<Indexer>>>,
    /// Whether a failed probe has been reported (the engine says so once).
    warned: AtomicBool,
    /// Whether the first root near the tables readies them all ([`Oracle::prepare`]):
    /// carried tables, until they are ready ([`Tablebase::wait_ready`]). A folder's
    /// tables are readied by their warm-up thread instead, and by each root's subspaces.
    ready_when_near: AtomicBool,
    /// The tables themselves, when shared ([`Tablebase::share`]): the readying that a
    /// near root starts then runs on a thread of its own, off the move's clock.
    shared: OnceLock<std::sync::Weak<Tablebase>>,
}

/// The extension of a carried file packed whole with zstd (`3-3.wdl.zst`): unpacked
/// when first readied, not as the tables open.
pub const PACKED_EXTENSION: &str = "zst";

/// How many removals away from the nearest table a root may be for
/// [`Oracle::prepare`] to ready every table: a search seldom sees further.
const NEAR_REMOVALS: u8 = 3;

/// A move's value for the side making it, from its child's value: through a removal the
/// move is itself the conversion (distance 1 when it wins or loses under the rule).
#[must_use]
pub fn value_through(child: TableValue, removal: bool, profile: RuleProfile) -> TableValue {
    let beyond = profile.horizon().saturating_add(1);
    match (child.wdl, removal) {
        (Wdl::Draw, _) => TableValue::DRAW,
        (Wdl::Loss, true) => TableValue { wdl: Wdl::Win, distance: 1 },
        (Wdl::Win, true) => TableValue { wdl: Wdl::Loss, distance: 1 },
        (Wdl::BlessedLoss, true) => TableValue { wdl: Wdl::CursedWin, distance: beyond },
        (Wdl::CursedWin, true) => TableValue { wdl: Wdl::BlessedLoss, distance: beyond },
        (w, false) => TableValue::at_level(w.is_game_loss(), child.distance.saturating_add(1), profile.horizon()),
    }
}

/// A total order on values for the side to move: the shortest wins first, then cursed
/// wins, draws, blessed losses, the longest losses, the shortest losses last. Smaller is
/// better.
#[must_use]
pub fn preference(v: TableValue) -> i64 {
    let d = i64::from(v.distance);
    match v.wdl {
        Wdl::Win => d,
        Wdl::CursedWin => (1 << 17) + d,
        Wdl::Draw => 2 << 17,
        Wdl::BlessedLoss => (3 << 17) - d,
        Wdl::Loss => (4 << 17) - d,
    }
}

impl std::fmt::Debug for Tablebase {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tablebase").field("dir", &self.dir).field("subspaces", &self.tables.len()).finish()
    }
}

impl Tablebase {
    /// Opens every table file (`A-B.mtb`) in `dir`, reading and checking its header.
    ///
    /// # Errors
    /// The directory cannot be read or holds no table ([`TablebaseError::MissingTable`]
    /// for 3-3); a header fails a check; the tables disagree on the rules.
    pub fn open(dir: &Path) -> Result<Tablebase, TablebaseError> {
        store::check_dir(dir)?;
        let io = |cause| TablebaseError::Io { path: dir.to_path_buf(), cause };
        let mut subspaces = Vec::new();
        for entry in std::fs::read_dir(dir).map_err(io)? {
            let path = entry.map_err(io)?.path();
            if path.extension().and_then(|e| e.to_str()) != Some(FILE_EXTENSION) {
                continue;
            }
            if let Some(s) = path.file_stem().and_then(|s| s.to_str()).and_then(|s| s.parse::<Subspace>().ok()) {
                subspaces.push(s);
            }
        }
        if subspaces.is_empty() {
            return Err(TablebaseError::MissingTable {
                dir: dir.to_path_buf(),
                subspace: Subspace::new(MIN_STONES, MIN_STONES),
            });
        }
        Tablebase::open_subspaces(dir, &subspaces)
    }

    /// Opens the tables of `subspaces` and of every subspace their moves lead to (the
    /// mirror, and the one after a removal), for checking or probing them alone.
    ///
    /// # Errors
    /// A needed table is missing ([`TablebaseError::MissingTable`]) or fails a check.
    pub fn open_for(dir: &Path, subspaces: &[Subspace]) -> Result<Tablebase, TablebaseError> {
        let needed: Vec<Subspace> =
            subspaces.iter().flat_map(|&s| [Some(s), Some(s.mirrored()), s.after_removal()]).flatten().collect();
        Tablebase::open_subspaces(dir, &needed)
    }

    fn open_subspaces(dir: &Path, subspaces: &[Subspace]) -> Result<Tablebase, TablebaseError> {
        let table = |s, rules: Option<&str>| TableFile::open(dir, s, rules);
        let fast = |s, rules: Option<&str>| FastFile::open(dir, s, rules).map(|f| FastSlot::Open(Some(f)));
        Tablebase::assemble(dir, subspaces, table, fast, |first_id| scan_placing(dir, first_id), false)
    }

    /// The moving tables and placing cells in `files` (a file's name and its bytes, as a
    /// build names them: `A-B.mtb`, `A-B.wdl`, `pK-A-B.sN.rR.ptb` and the cells'
    /// `placing.sN.rR.zdict`), read in place: the tables the binary carries, which need
    /// no file written. They are named `carried/NAME` in errors. The moving tables must be
    /// closed under moves, as [`Tablebase::open_for`] asks of a folder; the placing cells
    /// need not be (a placement into a cell not carried has no value). A placing cell is
    /// checked when first read.
    ///
    /// # Errors
    /// A table that a carried one's moves lead to is missing, or a file fails a check.
    pub fn carried(files: &[(&str, &'static [u8])]) -> Result<Tablebase, TablebaseError> {
        let dir = Path::new("carried");
        let by_name: HashMap<&str, &'static [u8]> = files.iter().copied().collect();
        let find = |name: String| by_name.get(name.as_str()).map(|&bytes| (dir.join(&name), Backing::Carried(bytes)));
        let subspaces: Vec<Subspace> = files
            .iter()
            .filter_map(|(name, _)| name.strip_suffix(&format!(".{FILE_EXTENSION}"))?.parse::<Subspace>().ok())
            .flat_map(|s| [Some(s), Some(s.mirrored()), s.after_removal()])
            .flatten()
            .collect();
        let table = |s: Subspace, rules: Option<&str>| {
            let (path, bytes) = find(format!("{s}.{FILE_EXTENSION}"))
                .ok_or_else(|| TablebaseError::MissingTable { dir: dir.to_path_buf(), subspace: s })?;
            TableFile::over(path, bytes, s, rules)
        };
        let fast = |s: Subspace, rules: Option<&str>| {
            let name = format!("{s}.{FAST_EXTENSION}");
            if let Some(&packed) = by_name.get(format!("{name}.{PACKED_EXTENSION}").as_str()) {
                return Ok(FastSlot::Packed { path: dir.join(name), packed, file: OnceLock::new() });
            }
            let (path, bytes) =
                find(name).ok_or_else(|| TablebaseError::MissingTable { dir: dir.to_path_buf(), subspace: s })?;
            FastFile::over(path, bytes, s, rules).map(|f| FastSlot::Open(Some(f)))
        };
        // A placement into a cell not carried has no value: the engine searches there.
        let placing = |first_id: u64| {
            let mut out: HashMap<(u8, RuleProfile), PlacingSet> = HashMap::default();
            let suffix = format!(".{}", placing::PLACING_EXTENSION);
            for (id, (name, bytes)) in (first_id..).zip(files) {
                let Some((cell, stones, profile)) = name.strip_suffix(&suffix).and_then(parse_cell_stem) else {
                    continue;
                };
                let dictionary = dictionary_path(Path::new(""), stones, profile);
                let dictionary = dictionary.to_str().and_then(|d| by_name.get(d)).copied();
                let carried = Some((*bytes, dictionary));
                let source = PlacingSource { id, path: dir.join(name), cell, carried, file: OnceLock::new() };
                out.entry((stones, profile)).or_default().insert(cell, source);
            }
            Ok(out)
        };
        Tablebase::assemble(dir, &subspaces, table, fast, placing, true)
    }

    /// The tables of `subspaces`, opened with `table` and `fast` (a missing fast form is
    /// no error), and the placing cells `placing` finds (given the first free id).
    fn assemble(
        dir: &Path,
        subspaces: &[Subspace],
        table: impl Fn(Subspace, Option<&str>) -> Result<TableFile, TablebaseError>,
        fast: impl Fn(Subspace, Option<&str>) -> Result<FastSlot, TablebaseError>,
        placing: impl FnOnce(u64) -> Result<HashMap<(u8, RuleProfile), PlacingSet>, TablebaseError>,
        lazy: bool,
    ) -> Result<Tablebase, TablebaseError> {
        let mut list = subspaces.to_vec();
        list.sort();
        list.dedup();
        // The rules text names the no-removal count; every table must share the first's.
        let mut rules: Option<(String, RuleProfile)> = None;
        let mut tables = HashMap::default();
        for (id, s) in list.into_iter().enumerate() {
            let file = table(s, rules.as_ref().map(|(text, _)| text.as_str()))?;
            if rules.is_none() {
                let profile = file.header.profile;
                if rules_text(profile) != file.header.rules {
                    return Err(TablebaseError::UnsupportedRules(file.header.rules.clone()));
                }
                rules = Some((file.header.rules.clone(), profile));
            }
            let fast = fast(s, Some(&file.header.rules)).unwrap_or(FastSlot::Open(None));
            tables.insert(s, Source { id: id as u64, file, fast, indexer: OnceLock::new() });
        }
        let profile = rules.map_or(RuleProfile::new(STANDARD.no_removal_plies), |(_, p)| p);
        let placing = placing(tables.len() as u64)?;
        let mut indexers = HashMap::default();
        for s in tables.keys() {
            indexers.insert((s.us, s.them), OnceLock::new());
        }
        for c in placing.values().flat_map(HashMap::keys) {
            indexers.insert((c.us, c.them), OnceLock::new());
        }
        Ok(Tablebase {
            dir: dir.to_path_buf(),
            tables,
            profile,
            cache: BlockCache::new(DEFAULT_CACHE_BLOCKS),
            placing,
            code_cache: BlockCache::new(DEFAULT_CACHE_BLOCKS),
            indexers,
            warned: AtomicBool::new(false),
            ready_when_near: AtomicBool::new(lazy),
            shared: OnceLock::new(),
        })
    }

    /// The index of positions with `us` and `them` stones on the board (side to move
    /// first), shared by every table that uses it; built as `make` says.
    fn shared_indexer(&self, us: u8, them: u8, make: Make) -> Option<&Arc<Indexer>> {
        let slot = self.indexers.get(&(us, them))?;
        make.get(slot, || Arc::new(Indexer::new(STANDARD.topology, usize::from(us), usize::from(them))))
    }

    /// The games (stones a side) and rule profiles of the placing cells in the directory.
    #[must_use]
    pub fn placing_profiles(&self) -> Vec<(u8, RuleProfile)> {
        let mut out: Vec<(u8, RuleProfile)> = self.placing.keys().copied().collect();
        out.sort_unstable();
        out
    }

    /// [`placing_profiles`](Self::placing_profiles), for a job that needs one.
    ///
    /// # Errors
    /// [`TablebaseError::NoPlacingTables`] when the directory has none.
    pub fn placing_sets(&self) -> Result<Vec<(u8, RuleProfile)>, TablebaseError> {
        let sets = self.placing_profiles();
        if sets.is_empty() {
            return Err(TablebaseError::NoPlacingTables(self.dir().to_path_buf()));
        }
        Ok(sets)
    }

    /// The placing cells of a game of `stones` a side under `profile`, in order.
    #[must_use]
    pub fn placing_cells(&self, stones: u8, profile: RuleProfile) -> Vec<PlacingCell> {
        let mut out: Vec<PlacingCell> =
            self.placing.get(&(stones, profile)).map(|set| set.keys().copied().collect()).unwrap_or_default();
        out.sort_unstable_by_key(|c| (std::cmp::Reverse(c.ply), c.us, c.them));
        out
    }

    /// The opened file of a placing cell.
    ///
    /// # Errors
    /// Its header fails a check.
    pub fn placing_file(
        &self,
        stones: u8,
        profile: RuleProfile,
        cell: PlacingCell,
    ) -> Option<Result<&PlacingFile, TablebaseError>> {
        let src = self.placing.get(&(stones, profile))?.get(&cell)?;
        Some(Self::opened(src, stones, profile))
    }

    /// The opened file of `src`; its rules text is made only the first time (a probe's
    /// path allocates nothing).
    fn opened(src: &PlacingSource, stones: u8, profile: RuleProfile) -> Result<&PlacingFile, TablebaseError> {
        let opened = src.file.get_or_init(|| {
            let rules = placing_rules(stones, profile);
            let opened = match src.carried {
                None => PlacingFile::open_path(&src.path, Some(src.cell), Some(&rules)),
                Some((bytes, dictionary)) => {
                    PlacingFile::over(&src.path, Backing::Carried(bytes), Some(src.cell), Some(&rules), |s, p, id| {
                        let path = dictionary_path(src.path.parent().unwrap_or(Path::new("")), s, p);
                        let missing = || std::io::Error::from(std::io::ErrorKind::NotFound);
                        dictionary::shared_from(&path, id, || dictionary.map(Backing::Carried).ok_or_else(missing))
                    })
                }
            };
            opened.map_err(|e| e.to_string())
        });
        opened
            .as_ref()
            .map_err(|reason| TablebaseError::CorruptedTable { path: src.path.clone(), reason: reason.clone() })
    }

    /// The value for the side to move of a placing position (a stone in hand), under the
    /// rule profile of its rules: `Ok(None)` when no placing table covers it.
    ///
    /// # Errors
    /// A damaged block or header.
    pub fn placing_value(&self, pos: &Position) -> Result<Option<TableValue>, TablebaseError> {
        self.placing_value_in(pos, true)
    }

    /// [`Tablebase::placing_value`]; a cell coded against its model (a third of a
    /// millisecond a block) is read only when `modeled` (else `Ok(None)`): not in the middle
    /// of a search.
    fn placing_value_in(&self, pos: &Position, modeled: bool) -> Result<Option<TableValue>, TablebaseError> {
        let rules = pos.rules();
        let Some(cell) = placing_cell(pos) else { return Ok(None) };
        if cell.lost_by_material(rules.stones) {
            return Ok(Some(LOST_NOW));
        }
        let profile = RuleProfile::new(rules.no_removal_plies);
        let Some(set) = self.placing.get(&(rules.stones, profile)) else { return Ok(None) };
        let Some(src) = set.get(&cell) else { return Ok(None) };
        let file = Self::opened(src, rules.stones, profile)?;
        if !modeled && file.is_modeled() {
            return Ok(None);
        }
        let Some(indexer) = self.shared_indexer(cell.us, cell.them, Make::Now) else { return Ok(None) };
        file.lend_indexer(indexer);
        if indexer.len() != file.header.positions {
            return Err(TablebaseError::CorruptedTable {
                path: file.path.clone(),
                reason: format!("{} positions, cell {cell} has {}", file.header.positions, indexer.len()),
            });
        }
        let side = pos.side_to_move();
        let i = indexer.index(pos.stones(side).0, pos.stones(!side).0);
        // A compact block unpacks on the stack in about a microsecond: no cache to lock.
        let code = if file.packed_with().is_some() {
            file.code(i)?
        } else {
            let per = file.block_positions();
            let b = i / per;
            self.code_cache.get_or_load((src.id << 40) | b, || file.block(b))?.code(i % per)
        };
        Ok(Some(TableValue { wdl: placing::wdl_of_code(code), distance: 0 }))
    }

    /// The class of a placing position, as [`Oracle::probe_placing`] gives it; a modeled
    /// cell is read only when `modeled`.
    fn placing_class(&self, pos: &Position, modeled: bool) -> Option<OracleValue> {
        match self.placing_value_in(pos, modeled) {
            Ok(v) => v.map(|v| match v.wdl {
                Wdl::Loss => OracleValue::Loss(u16::MAX),
                Wdl::Win => OracleValue::Win(u16::MAX),
                _ => OracleValue::Draw,
            }),
            Err(e) => {
                if !self.warned.swap(true, Ordering::Relaxed) {
                    log::error!("tablebase: {e}; searching instead where tables fail");
                }
                None
            }
        }
    }

    /// The rule profile the tables were built for.
    #[must_use]
    pub fn profile(&self) -> RuleProfile {
        self.profile
    }

    /// The directory the tables come from.
    #[must_use]
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The loaded subspaces, in order.
    #[must_use]
    pub fn subspaces(&self) -> Vec<Subspace> {
        let mut out: Vec<Subspace> = self.tables.keys().copied().collect();
        out.sort();
        out
    }

    /// The header of `subspace`'s table, if loaded.
    #[must_use]
    pub fn header(&self, subspace: Subspace) -> Option<&store::Header> {
        self.tables.get(&subspace).map(|s| &s.file.header)
    }

    /// Builds every index now, on one background thread, smallest first (the placements'
    /// values, read from the first move on, need the small ones first). The whole set
    /// takes about 0.13 s of CPU (docs/tablebase.md, "Probing and start-up"), so one
    /// thread leaves the engine's own search its cores. Probes answer for a subspace once
    /// its index is ready. Returns the thread (none if it could not start), to join for a
    /// measurement; dropping it leaves it running.
    pub fn warm_up(self: &Arc<Self>) -> Option<std::thread::JoinHandle<()>> {
        let mut order: Vec<Subspace> = self.tables.keys().copied().collect();
        order.sort_unstable_by_key(|s| (s.us + s.them, s.us.max(s.them)));
        let tb = Arc::clone(self);
        let start = std::time::Instant::now();
        let spawned = spawn_background("tablebase-index", move || {
            for s in order {
                let _ = tb.indexer(s, Make::Background);
                log::debug!("tablebase: index of {s} ready after {:.2} s", start.elapsed().as_secs_f64());
            }
        });
        spawned
            .inspect_err(|e| {
                log::warn!("tablebase: cannot start the index thread ({e}); indices are built on first use")
            })
            .ok()
    }

    /// Builds every index now, and unpacks every packed fast form, on this thread (each
    /// put in place once made: a search that needs one meanwhile makes its own).
    pub fn wait_ready(&self) {
        for (&s, src) in &self.tables {
            let _ = self.indexer(s, Make::Background);
            let _ = src.fast(Make::Background);
        }
        self.ready_when_near.store(false, Ordering::Relaxed);
    }

    /// The tables in an `Arc`, knowing it, so that [`Oracle::prepare`] readies them on a
    /// thread of their own when a root first nears them.
    #[must_use]
    pub fn share(self) -> Arc<Tablebase> {
        let tb = Arc::new(self);
        let _ = tb.shared.set(Arc::downgrade(&tb));
        tb
    }

    /// Readies every table once: on a thread of its own when the tables are shared and
    /// one starts (the search goes on without them meanwhile), else now.
    fn ready_all(&self) {
        if !self.ready_when_near.swap(false, Ordering::Relaxed) {
            return;
        }
        if let Some(tb) = self.shared.get().and_then(std::sync::Weak::upgrade) {
            let started = spawn_background("tables-ready", move || tb.wait_ready());
            if started.is_ok() {
                return;
            }
        }
        self.wait_ready();
    }

    /// Whether a game from `pos` is at most [`NEAR_REMOVALS`] removals from a position
    /// of some table here: each side's stones, on the board and in hand, at least those of
    /// the table's subspace, for either side to move.
    fn near(&self, pos: &Position) -> bool {
        let side = pos.side_to_move();
        let total = |c: Color| pos.stones(c).len() as u8 + pos.in_hand(c);
        let (us, them) = (total(side), total(!side));
        self.tables.keys().any(|s| {
            [(s.us, s.them), (s.them, s.us)]
                .into_iter()
                .any(|(a, b)| a <= us && b <= them && (us - a) + (them - b) <= NEAR_REMOVALS)
        })
    }

    /// The index of `subspace`; built as `make` says (else `None` until ready).
    fn indexer(&self, subspace: Subspace, make: Make) -> Option<Result<&Arc<Indexer>, TablebaseError>> {
        let src = self.tables.get(&subspace)?;
        let init = || {
            let Some(ix) = self.shared_indexer(subspace.us, subspace.them, make) else {
                return Err(format!("no index for subspace {subspace}"));
            };
            if ix.len() == src.file.header.positions {
                Ok(Arc::clone(ix))
            } else {
                Err(format!("{} positions, subspace {subspace} has {}", src.file.header.positions, ix.len()))
            }
        };
        let result = make.get(&src.indexer, init)?;
        Some(
            result.as_ref().map_err(|reason| TablebaseError::CorruptedTable {
                path: src.file.path.clone(),
                reason: reason.clone(),
            }),
        )
    }

    fn block(&self, src: &Source, stream: Stream, block: u64) -> Result<Arc<Vec<u8>>, TablebaseError> {
        let key = (src.id << 40) | (u64::from(stream == Stream::Distance) << 39) | block;
        self.cache.get_or_load(key, || src.file.read_block(stream, block))
    }

    /// The value for the side to move of the position with these stone sets (hands
    /// empty): `Ok(None)` when the subspace is not loaded (or, unless `build`, its index
    /// is not ready yet). A side to move with fewer than three stones has lost.
    ///
    /// # Errors
    /// A damaged block or header ([`TablebaseError`]).
    pub fn value_of_sets(&self, us: u32, them: u32, build: bool) -> Result<Option<TableValue>, TablebaseError> {
        let sub = Subspace::new(us.count_ones() as u8, them.count_ones() as u8);
        if sub.us < MIN_STONES {
            return Ok(Some(LOST_NOW));
        }
        let Some(src) = self.tables.get(&sub) else { return Ok(None) };
        let Some(indexer) = self.indexer(sub, Make::from_build(build)) else { return Ok(None) };
        let i = indexer?.index(us, them);
        let per = u64::from(src.file.header.block_positions);
        let (b, j) = (i / per, (i % per) as usize);
        let class = self.block(src, Stream::Class, b)?;
        let wdl = Wdl::from_code(class[j]).unwrap_or(Wdl::Draw);
        if wdl == Wdl::Draw {
            return Ok(Some(TableValue::DRAW));
        }
        let distances = self.block(src, Stream::Distance, b)?;
        Ok(Some(TableValue { wdl, distance: distance_in_block(&distances, j) }))
    }

    /// The stored value of `pos` for its side to move, if covered: both hands empty, the
    /// board and move rules the tables are built for, and the subspace loaded.
    ///
    /// # Errors
    /// A damaged block or header.
    pub fn value(&self, pos: &Position) -> Result<Option<TableValue>, TablebaseError> {
        if !covers(pos) {
            return self.placing_value(pos);
        }
        let side = pos.side_to_move();
        self.value_of_sets(pos.stones(side).0, pos.stones(!side).0, true)
    }

    /// Every legal move of `pos` with its value for the side to move (through the
    /// child), best first; `Ok(None)` if `pos` or a child is not covered. A move into a
    /// placing position (a stone still in hand after it) has distance 0: the placing
    /// tables keep win, draw or loss only.
    ///
    /// # Errors
    /// A damaged block or header.
    pub fn move_values(&self, pos: &Position) -> Result<Option<Vec<(Move, TableValue)>>, TablebaseError> {
        self.move_values_until(pos, None)
    }

    /// [`Tablebase::move_values`], given up (`Ok(None)`) once `deadline` has passed.
    fn move_values_until(
        &self,
        pos: &Position,
        deadline: Option<std::time::Instant>,
    ) -> Result<Option<Vec<(Move, TableValue)>>, TablebaseError> {
        let placing = !covers(pos);
        // A placing position is covered when its moves are (each is probed below): its own
        // value would cost its cell's index, which none of the moves needs.
        if !placing && self.value(pos)?.is_none() {
            return Ok(None);
        }
        let mut list = MoveList::new();
        pos.legal_moves(&mut list);
        let mut out = Vec::with_capacity(list.len());
        for &m in list.as_slice() {
            if deadline.is_some_and(|d| std::time::Instant::now() >= d) {
                return Ok(None);
            }
            let child = pos.play_unchecked(m);
            let Some(v) = self.value(&child)? else { return Ok(None) };
            let through = if placing {
                // A placement starts a fresh count: the child's value at count 0 under
                // the game's rule profile decides. A placing child has a class and no
                // distance, and so has the move into it (distance 0: none to show).
                let (at_zero, step) = if covers(&child) {
                    let Some(v) = v.at_count(0, pos.rules().no_removal_plies, self.profile) else {
                        return Ok(None);
                    };
                    (v, 1)
                } else {
                    (v.placing_class(), 0)
                };
                match at_zero {
                    OracleValue::Win(d) => TableValue { wdl: Wdl::Loss, distance: d.saturating_add(step) },
                    OracleValue::Loss(d) => TableValue { wdl: Wdl::Win, distance: d.saturating_add(step) },
                    OracleValue::Draw => TableValue::DRAW,
                }
            } else {
                value_through(v, m.remove().is_some(), self.profile)
            };
            out.push((m, through));
        }
        out.sort_by_key(|&(_, v)| preference(v));
        Ok(Some(out))
    }

    /// What the fast form of the moving tables says of the position with these stone
    /// sets at `count`: `Ok(None)` when it cannot say (no fast file, a long conversion,
    /// a late count, the index not ready unless `build`).
    pub fn fast_value(
        &self,
        us: u32,
        them: u32,
        count: u16,
        build: bool,
    ) -> Result<Option<OracleValue>, TablebaseError> {
        let sub = Subspace::new(us.count_ones() as u8, them.count_ones() as u8);
        let Some(src) = self.tables.get(&sub) else { return Ok(None) };
        let make = Make::from_build(build);
        let Some(fast) = src.fast(make) else { return Ok(None) };
        let Some(indexer) = self.indexer(sub, make) else { return Ok(None) };
        let i = indexer?.index(us, them);
        Ok(fast::answer(fast.codes.code(i)?, count, fast.header.bound, self.profile))
    }

    /// As [`Tablebase::value_at_count`], through the fast form first: a win or loss it
    /// answers is reported at its bound, not its distance.
    #[must_use]
    pub fn fast_value_at_count(&self, pos: &Position, count: u16, build: bool) -> Option<OracleValue> {
        if !covers(pos) {
            return None;
        }
        if pos.rules().no_removal_plies == self.profile.no_removal_plies()
            && pos.stones(pos.side_to_move()).len() >= MIN_STONES.into()
        {
            let side = pos.side_to_move();
            match self.fast_value(pos.stones(side).0, pos.stones(!side).0, count, build) {
                Ok(Some(v)) => return Some(v),
                Ok(None) => {}
                Err(e) => {
                    if !self.warned.swap(true, Ordering::Relaxed) {
                        log::error!("tablebase: {e}; reading the full tables instead");
                    }
                }
            }
        }
        self.value_at_count(pos, count, build)
    }

    /// What a probe answers under `rules` with `count` plies since the last removal:
    /// `None` when not covered, the rules' count differs from the tables', or a block is
    /// damaged (said once on stderr; the engine then searches instead).
    #[must_use]
    pub fn value_at_count(&self, pos: &Position, count: u16, build: bool) -> Option<OracleValue> {
        if !covers(pos) {
            return None;
        }
        let side = pos.side_to_move();
        match self.value_of_sets(pos.stones(side).0, pos.stones(!side).0, build) {
            Ok(v) => v?.at_count(count, pos.rules().no_removal_plies, self.profile),
            Err(e) => {
                if !self.warned.swap(true, Ordering::Relaxed) {
                    log::error!("tablebase: {e}; searching instead where tables fail");
                }
                None
            }
        }
    }
}

/// The placing cell of `pos`: a stone in hand, supported rules, and hands that fit a
/// game of the rules' stones with the side to move in turn.
#[must_use]
pub fn placing_cell(pos: &Position) -> Option<PlacingCell> {
    let rules = pos.rules();
    if covers(pos) || !is_supported(rules) {
        return None;
    }
    let placed_white = rules.stones.checked_sub(pos.in_hand(Color::White))?;
    let placed_black = rules.stones.checked_sub(pos.in_hand(Color::Black))?;
    let ply = placed_white + placed_black;
    let white_to_move = ply.is_multiple_of(2);
    if white_to_move != (pos.side_to_move() == Color::White)
        || placed_black > placed_white
        || placed_white > placed_black + 1
    {
        return None;
    }
    let side = pos.side_to_move();
    let cell = PlacingCell::new(ply, pos.stones(side).len() as u8, pos.stones(!side).len() as u8);
    cell.exists(rules.stones).then_some(cell)
}

/// Every placing cell file in `dir`, by game and profile (ids after `first_id`).
fn scan_placing(dir: &Path, first_id: u64) -> Result<HashMap<(u8, RuleProfile), PlacingSet>, TablebaseError> {
    let io = |cause| TablebaseError::Io { path: dir.to_path_buf(), cause };
    let mut out: HashMap<(u8, RuleProfile), PlacingSet> = HashMap::default();
    let mut id = first_id;
    for entry in std::fs::read_dir(dir).map_err(io)? {
        let path = entry.map_err(io)?.path();
        if path.extension().and_then(|e| e.to_str()) != Some(placing::PLACING_EXTENSION) {
            continue;
        }
        let Some((cell, stones, profile)) = path.file_stem().and_then(|s| s.to_str()).and_then(parse_cell_stem) else {
            continue;
        };
        let source = PlacingSource { id, path, cell, carried: None, file: OnceLock::new() };
        out.entry((stones, profile)).or_default().insert(cell, source);
        id += 1;
    }
    Ok(out)
}

/// The cell, stones a side and rule profile a cell file's name without its extension
/// names (`p17-0-0.s9.r100`), if it is one and the cell exists in that game.
fn parse_cell_stem(stem: &str) -> Option<(PlacingCell, u8, RuleProfile)> {
    let mut parts = stem.split('.');
    let (Some(cell), Some(stones), Some(plies), None) = (parts.next(), parts.next(), parts.next(), parts.next()) else {
        return None;
    };
    let cell = PlacingCell::parse(cell)?;
    let stones = stones.strip_prefix('s')?.parse::<u8>().ok()?;
    let profile = RuleProfile::new(plies.strip_prefix('r')?.parse::<u16>().ok()?);
    cell.exists(stones).then_some((cell, stones, profile))
}

/// Whether tables can hold `pos`: both hands empty, supported board and move rules.
fn covers(pos: &Position) -> bool {
    pos.in_hand(Color::White) == 0 && pos.in_hand(Color::Black) == 0 && is_supported(pos.rules())
}

impl Oracle for Tablebase {
    fn probe(&self, pos: &Position, count: u16) -> Option<OracleValue> {
        self.fast_value_at_count(pos, count, false)
    }

    fn probe_exact(&self, pos: &Position, count: u16) -> Option<OracleValue> {
        self.value_at_count(pos, count, false)
    }

    /// A placing position, and placing cells to read it from.
    fn filters_root(&self, pos: &Position) -> bool {
        !covers(pos) && !self.placing.is_empty()
    }

    /// In the placing phase, the moves that keep the position's value by the placing
    /// tables (the best class among the moves); the search chooses among them. Past
    /// `deadline` (blocks read from a disk busy enough to take most of the move's time)
    /// it gives up, and the search chooses among all moves (the caller says so: see the
    /// engine's `root_moves_within`).
    fn root_moves(&self, pos: &Position, deadline: Option<std::time::Instant>) -> Option<Vec<Move>> {
        if covers(pos) {
            return None;
        }
        let values = match self.move_values_until(pos, deadline) {
            Ok(v) => v?,
            Err(e) => {
                if !self.warned.swap(true, Ordering::Relaxed) {
                    log::error!("tablebase: {e}; searching instead where tables fail");
                }
                return None;
            }
        };
        let best = values.first()?.1.wdl;
        Some(values.iter().filter(|(_, v)| v.wdl == best).map(|&(m, _)| m).collect())
    }

    fn probe_placing(&self, pos: &Position) -> Option<OracleValue> {
        self.placing_class(pos, false)
    }

    fn probe_placing_root(&self, pos: &Position) -> Option<OracleValue> {
        self.placing_class(pos, true)
    }

    /// Builds, now, the indices of the root's subspace and of those its moves lead to
    /// (the mirror, and one stone fewer for a removal), if the warm-up thread has not:
    /// a fraction of a second each, so a root in the tables is never searched blind.
    ///
    /// Tables opened without their indices built (the carried ones: most engines' games
    /// end before they are needed) are all readied the first time a root comes near them
    /// (three removals away): about 0.1 s of CPU, once, on a thread of its own when they
    /// are shared ([`Tablebase::share`]), so that no move waits for it.
    fn prepare(&self, pos: &Position) {
        if self.ready_when_near.load(Ordering::Relaxed) && self.near(pos) {
            self.ready_all();
        }
        if !covers(pos) {
            return;
        }
        let side = pos.side_to_move();
        let (us, them) = (pos.stones(side).len() as u8, pos.stones(!side).len() as u8);
        let here = Subspace::new(us, them);
        for s in [Some(here), Some(here.mirrored()), here.after_removal()].into_iter().flatten() {
            let _ = self.indexer(s, Make::Now);
            if let Some(src) = self.tables.get(&s) {
                let _ = src.fast(Make::Now);
            }
        }
    }
}

/// Starts `work`, tables readied ahead of need, on a thread named `name` at the lowest CPU
/// priority (nice 19; Linux keeps it per thread): on the engine's one core (a referee's
/// cpuset) the search then keeps the move's time and the work takes what the search
/// leaves, the engine's waits for its opponent included.
fn spawn_background(name: &str, work: impl FnOnce() + Send + 'static) -> std::io::Result<std::thread::JoinHandle<()>> {
    std::thread::Builder::new().name(name.to_owned()).spawn(move || {
        if let Err(e) = rustix::process::setpriority_process(None, 19) {
            log::debug!("tablebase: cannot lower the priority of a background thread: {e}");
        }
        work();
    })
}

/// Opens the tables in `dir` for the engine's search under `rules`, building their
/// indices on a thread of their own.
///
/// # Errors
/// The directory holds no table, a header fails its checks, or the tables were built for
/// other rules than `rules` (board, flying, removal, or the no-removal count; tables answer
/// for a game without that count too).
pub fn open_oracle(dir: &Path, rules: &Ruleset) -> Result<Arc<Tablebase>, TablebaseError> {
    let tb = Arc::new(Tablebase::open(dir)?);
    let built = tb.profile();
    if !is_supported(rules) || (rules.no_removal_plies != 0 && rules.no_removal_plies != built.no_removal_plies()) {
        let wanted = header_rules(rules);
        return Err(TablebaseError::Ruleset { path: dir.to_path_buf(), found: rules_text(built), expected: wanted });
    }
    tb.warm_up();
    log::info!(
        "tablebase: {} in {} (no-removal rule {})",
        crate::words::count(tb.subspaces().len() as u64, "subspace", "subspaces"),
        dir.display(),
        crate::words::plies(built.no_removal_plies())
    );
    Ok(tb)
}

#[cfg(test)]
mod tests {
    use super::{BlockCache, DEFAULT_CACHE_BLOCKS, Make, mix, spawn_background};
    use rustix::process::getpriority_process;
    use std::sync::{OnceLock, mpsc};
    use std::time::Duration;

    /// A search never waits on the low-priority thread that readies the tables: while
    /// that thread is making a part, a search that needs it makes its own at once, and
    /// the background's copy, made second, is dropped.
    #[test]
    fn a_search_does_not_wait_for_what_the_background_is_making() {
        let lock: &'static OnceLock<u32> = Box::leak(Box::new(OnceLock::new()));
        let (started, is_started) = mpsc::channel();
        let (go_on, may_go_on) = mpsc::channel::<()>();
        let background = std::thread::spawn(move || {
            Make::Background
                .get(lock, || {
                    started.send(()).unwrap();
                    // Held until the search has its value (or for 10 s, were it waiting).
                    let _ = may_go_on.recv_timeout(Duration::from_secs(10));
                    1
                })
                .copied()
        });
        is_started.recv().unwrap();
        assert_eq!(Make::Never.get(lock, || 3), None, "not there yet, and not to be made");
        assert_eq!(Make::Now.get(lock, || 2), Some(&2), "the search made its own");
        go_on.send(()).unwrap();
        assert_eq!(background.join().unwrap(), Some(2), "the background's copy was dropped");
    }

    /// Tables are readied at nice 19, on their own thread only: the thread that started
    /// them keeps its priority.
    #[test]
    fn background_work_runs_at_the_lowest_priority_and_leaves_its_starter_alone() {
        let before = getpriority_process(None).unwrap();
        let (tx, rx) = std::sync::mpsc::channel();
        let worker = spawn_background("test-background", move || tx.send(getpriority_process(None)).unwrap()).unwrap();
        worker.join().unwrap();
        assert_eq!(rx.recv().unwrap().unwrap(), 19);
        assert_eq!(getpriority_process(None).unwrap(), before);
    }

    #[test]
    fn the_same_block_of_different_tables_takes_different_slots() {
        // Keys as `Tablebase::block` makes them: the table's id from bit 40, the stream
        // at bit 39, the block number below.
        let slots: std::collections::HashSet<u64> = (0..64u64)
            .flat_map(|id| [0u64, 1].map(|stream| (id << 40) | (stream << 39) | 7))
            .map(|key| mix(key) % DEFAULT_CACHE_BLOCKS as u64)
            .collect();
        assert!(slots.len() > 120, "128 keys in {} slots", slots.len());
    }

    #[test]
    fn a_cached_block_is_not_loaded_again() {
        let cache = BlockCache::new(DEFAULT_CACHE_BLOCKS);
        let mut loads = 0;
        for _ in 0..3 {
            for id in 0..8u64 {
                let key = id << 40;
                let got = cache
                    .get_or_load(key, || {
                        loads += 1;
                        Ok(key)
                    })
                    .expect("a block");
                assert_eq!(*got, key);
            }
        }
        assert_eq!(loads, 8);
    }
}
