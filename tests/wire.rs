//! The protocol codec round-trips: for every line value, `parse(display(x)) == x`, in
//! both directions (`protocol::ToEngine`, `protocol::FromEngine`), and any text that
//! parses prints back to text that parses to the same value.

use std::time::Duration;

use morris::protocol::{Command, FromEngine, ToEngine};
use morris::rules::notation::PositionText;
use morris::rules::{ByColor, Color, Move};
use morris::topology::{Point, PointSet, STANDARD24};
use proptest::prelude::*;

fn point() -> impl Strategy<Value = Point> {
    (0..STANDARD24.len() as u8).prop_map(Point::new)
}

fn a_move() -> impl Strategy<Value = Move> {
    (proptest::option::of(point()), point(), proptest::option::of(point())).prop_map(|(f, t, r)| Move::new(f, t, r))
}

fn stones() -> impl Strategy<Value = ByColor<PointSet>> {
    (any::<u32>(), any::<u32>()).prop_map(|(w, b)| {
        let all = STANDARD24.all().0;
        ByColor([PointSet(w & all), PointSet(b & all & !w)])
    })
}

fn command() -> impl Strategy<Value = Command> {
    prop_oneof![
        Just(Command::Help),
        Just(Command::Board),
        Just(Command::Moves),
        Just(Command::Undo),
        Just(Command::New),
        Just(Command::Go),
        Just(Command::Eval),
        Just(Command::IsReady),
        Just(Command::Quit),
        Just(Command::Stop),
        (1..86_400_000u64, 1..86_400_000u64, 0..100_000u64, 0..100_000u64).prop_map(|(w, b, wi, bi)| {
            let ms = Duration::from_millis;
            Command::Clock { remaining: ByColor([ms(w), ms(b)]), increment: ByColor([ms(wi), ms(bi)]) }
        }),
        proptest::collection::vec(a_move(), 0..6).prop_map(|moves| Command::Position { moves }),
        (stones(), any::<bool>(), any::<u8>(), any::<u8>(), proptest::option::of(any::<u16>())).prop_map(
            |(stones, black, w, b, count)| Command::SetBoard(PositionText {
                stones,
                side_to_move: Some(if black { Color::Black } else { Color::White }),
                in_hand: Some(ByColor([w, b])),
                count,
            })
        ),
        (1..86_400_000u64).prop_map(|ms| Command::MoveTime(Duration::from_millis(ms))),
        (1..=10u32).prop_map(Command::Perft),
        any::<bool>().prop_map(Command::Info),
        any::<bool>().prop_map(Command::Ponder),
    ]
}

fn to_engine() -> impl Strategy<Value = ToEngine> {
    prop_oneof![Just(ToEngine::Blank), a_move().prop_map(ToEngine::Move), command().prop_map(ToEngine::Command)]
}

fn from_engine() -> impl Strategy<Value = FromEngine> {
    prop_oneof![
        Just(FromEngine::Blank),
        a_move().prop_map(FromEngine::Move),
        ("(info|result|error|illegal|board|moves|eval|perft|help|undone|readyok)", "([!-~]+( [!-~]+)*)?")
            .prop_map(|(word, rest)| FromEngine::Keyword { word, rest }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn lines_to_the_engine_round_trip(line in to_engine()) {
        prop_assert_eq!(line.to_string().parse::<ToEngine>(), Ok(line));
    }

    #[test]
    fn lines_from_the_engine_round_trip(line in from_engine()) {
        prop_assert_eq!(line.to_string().parse::<FromEngine>(), Ok(line));
    }

    #[test]
    fn parsed_text_prints_to_the_same_value(text in near_line()) {
        if let Ok(line) = text.parse::<ToEngine>() {
            prop_assert_eq!(line.to_string().parse::<ToEngine>(), Ok(line));
        }
        if let Ok(line) = text.parse::<FromEngine>() {
            prop_assert_eq!(line.to_string().parse::<FromEngine>(), Ok(line));
        }
    }
}

/// Text near the protocol's lines: its words, squares and moves, numbers and stray
/// printable characters, joined by one or more spaces or tabs, so that many draws parse
/// (in spacing and case the printer does not use) and many do not.
fn near_line() -> impl Strategy<Value = String> {
    let word = prop_oneof![
        "(go|stop|quit|isready|new|undo|board|moves|eval|help|ponder|info|on|off|clock|movetime|perft|position|setboard|startpos)",
        "(GO|Stop|Quit|IsReady|INFO|On|OFF)",
        "[a-g][1-7]",
        "[A-G][1-7](-[A-G][1-7])?(,[A-G][1-7])?",
        "[0-9]{1,6}(\\.[0-9]{1,3})?",
        "[!-~]{1,3}",
    ];
    proptest::collection::vec((word, "[ \t]{1,2}"), 0..5).prop_map(|parts| {
        parts.into_iter().map(|(w, gap)| format!("{w}{gap}")).collect::<String>().trim_end().to_string()
    })
}

/// The property above is not vacuous: of a fixed sample of its texts, many parse each
/// way and many do not.
#[test]
fn near_lines_both_parse_and_fail() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::{Config, TestRng, TestRunner};
    let mut runner =
        TestRunner::new_with_rng(Config::default(), TestRng::deterministic_rng(Config::default().rng_algorithm));
    let texts: Vec<String> = (0..2000).map(|_| near_line().new_tree(&mut runner).unwrap().current()).collect();
    let to_engine = texts.iter().filter(|t| t.parse::<ToEngine>().is_ok()).count();
    let from_engine = texts.iter().filter(|t| t.parse::<FromEngine>().is_ok()).count();
    for (what, parsed) in [("ToEngine", to_engine), ("FromEngine", from_engine)] {
        assert!((200..1800).contains(&parsed), "{parsed} of 2000 texts parse as {what}");
    }
}
