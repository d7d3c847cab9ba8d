//! What the page's address says after `#`: a shared puzzle's clues
//! (`#p=…`), a puzzle made to order (`#new=15x15-medium-42`, a colour one
//! `#new=15x15-medium-42-3colours`) or the
//! puzzle of a day (`#day=2026-11-26`). A made puzzle is made again from
//! its address, the same on every browser, so its address is its share
//! link, and a reload comes back to it.

use crate::protocol::GenerateRequest;
use nonogram_core::hint::Difficulty;

/// The grades as the address (and `nonogram generate --difficulty`) spells
/// them, 0 "any" to 4 "very-hard".
const GRADE_WORDS: [&str; 5] = ["any", "easy", "medium", "hard", "very-hard"];

/// Sides a made puzzle may have (the generator's: 5 to 50, 30 in colour).
const SIDES: std::ops::RangeInclusive<usize> = 5..=50;
const COLOUR_SIDES: std::ops::RangeInclusive<usize> = 5..=30;

/// Colours a colour puzzle is made with (the generator's).
const COLOURS: std::ops::RangeInclusive<u8> = 2..=4;

const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

/// A date of the calendar (the player's own, in the page).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Day {
    pub year: i32,
    /// 1 to 12.
    pub month: u32,
    /// 1 to 31.
    pub day: u32,
}

impl Day {
    /// The date, if there is one such (2026-02-30 is none).
    pub fn new(year: i32, month: u32, day: u32) -> Option<Day> {
        let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
        let days = match month {
            2 if leap => 29,
            2 => 28,
            4 | 6 | 9 | 11 => 30,
            1..=12 => 31,
            _ => return None,
        };
        ((1000..=9999).contains(&year) && (1..=days).contains(&day)).then_some(Day { year, month, day })
    }

    /// 0 for Monday to 6 for Sunday.
    pub fn weekday(self) -> u32 {
        // Days since 1970-01-01 (a Thursday), from the civil calendar.
        let (y, m) =
            if self.month <= 2 { (self.year - 1, self.month + 9) } else { (self.year, self.month - 3) };
        let era = y.div_euclid(400);
        let year_of_era = y - era * 400;
        let day_of_year = (153 * m + 2) / 5 + self.day - 1;
        let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year as i32;
        let days = era as i64 * 146_097 + day_of_era as i64 - 719_468;
        (days + 3).rem_euclid(7) as u32
    }

    /// "2026-11-26".
    pub fn iso(self) -> String {
        format!("{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }

    /// "26 November 2026".
    pub fn words(self) -> String {
        format!("{} {} {}", self.day, MONTHS[self.month as usize - 1], self.year)
    }

    fn parse(text: &str) -> Option<Day> {
        let mut parts = text.splitn(3, '-');
        let mut number = || parts.next().filter(|p| !p.is_empty() && p.len() <= 4)?.parse::<u32>().ok();
        let (year, month, day) = (number()?, number()?, number()?);
        Day::new(year as i32, month, day)
    }
}

/// A puzzle to make: its size, grade and seed, or the day whose puzzle it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    /// `colours`: besides the background, 2 to 4 for a colour puzzle; 0
    /// for black and white.
    Chosen { width: usize, height: usize, difficulty: u8, seed: u64, colours: u8 },
    /// The puzzle of a day: the same for everyone on that date, a little
    /// harder and larger as the week goes on (see [`Order::of_day`]).
    Day(Day),
}

impl Order {
    /// The day's size and grade: Monday Easy 10×10, Tuesday Easy 15×15,
    /// Wednesday Medium 15×15, Thursday Medium 20×20, Friday Hard 15×15,
    /// Saturday Hard 20×20, Sunday Very hard 15×15; the seed is the date
    /// as a number (20261126), so `nonogram generate --size 15x15
    /// --difficulty medium --seed 20261126` makes the same puzzle.
    pub fn of_day(day: Day) -> (usize, u8, u64) {
        const WEEK: [(usize, u8); 7] = [(10, 1), (15, 1), (15, 2), (20, 2), (15, 3), (20, 3), (15, 4)];
        let (side, difficulty) = WEEK[day.weekday() as usize];
        let seed = day.year as u64 * 10_000 + day.month as u64 * 100 + day.day as u64;
        (side, difficulty, seed)
    }

    /// What the worker is asked for (request `id`).
    pub fn request(&self, id: u32) -> GenerateRequest {
        match *self {
            Order::Chosen { width, height, difficulty, seed, colours } => {
                GenerateRequest { id, width, height, difficulty, seed, colours, title: String::new() }
            }
            Order::Day(day) => {
                let (side, difficulty, seed) = Order::of_day(day);
                // Its grade in its title: kept with the clue text, it is
                // still there after a reload (the order is not).
                let grade = self.grade().unwrap_or_default();
                let title = format!("Puzzle of the day, {} · {grade}", day.words());
                GenerateRequest { id, width: side, height: side, difficulty, seed, colours: 0, title }
            }
        }
    }

    /// The grade asked for, as the page names it ("Medium"); None for any.
    pub fn grade(&self) -> Option<&'static str> {
        let difficulty = self.difficulty()?;
        Some(["Easy", "Medium", "Hard", "Very hard"][difficulty as usize])
    }

    /// The grade asked for; None for any. A puzzle made to order is of
    /// the grade asked (the generator tries until it is, or refuses).
    pub fn difficulty(&self) -> Option<Difficulty> {
        let difficulty = match *self {
            Order::Chosen { difficulty, .. } => difficulty,
            Order::Day(day) => Order::of_day(day).1,
        };
        use Difficulty::*;
        [Easy, Medium, Hard, VeryHard].get((difficulty as usize).checked_sub(1)?).copied()
    }

    /// The address's part after `#`.
    pub fn fragment(&self) -> String {
        match *self {
            Order::Chosen { width, height, difficulty, seed, colours } => {
                let grade = GRADE_WORDS.get(difficulty as usize).unwrap_or(&"any");
                let colours = if colours > 0 { format!("-{colours}colours") } else { String::new() };
                format!("new={width}x{height}-{grade}-{seed}{colours}")
            }
            Order::Day(day) => format!("day={}", day.iso()),
        }
    }
}

/// The text kept under [`super::keys::GENERATED_KEY`] for `order`, if it is that order's.
pub fn kept_generated<'a>(order: &Order, kept: &'a str) -> Option<&'a str> {
    let (fragment, text) = kept.split_once('\n')?;
    (fragment == order.fragment()).then_some(text)
}

/// What an address's part after `#` asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Address {
    /// Nothing the page reads (no `#`, or another anchor).
    Nothing,
    /// A shared puzzle's code (`#p=…`).
    Shared(String),
    /// A puzzle to make, or why the address cannot be one.
    Order(Result<Order, String>),
}

/// Reads the address's part after `#` (with or without the `#`).
pub fn read(hash: &str) -> Address {
    let hash = hash.strip_prefix('#').unwrap_or(hash);
    if let Some(code) = hash.strip_prefix("p=") {
        return Address::Shared(code.to_string());
    }
    if let Some(generated) = hash.strip_prefix("new=") {
        return Address::Order(read_order(generated));
    }
    if let Some(date) = hash.strip_prefix("day=") {
        let day = Day::parse(date).ok_or_else(|| format!("“{date}” is not a date (write it 2026-11-26)"));
        return Address::Order(day.map(Order::Day));
    }
    Address::Nothing
}

/// `15x15-medium-42`: width × height, grade, seed; then `-3colours` for a
/// colour puzzle.
fn read_order(text: &str) -> Result<Order, String> {
    let (text, colours) = match text.rsplit_once('-') {
        Some((rest, last)) if last.ends_with("colours") => {
            let colours = last.trim_end_matches("colours").parse::<u8>().ok().filter(|c| COLOURS.contains(c));
            (rest, colours.ok_or_else(|| format!("“{last}”: a colour puzzle has 2 to 4 colours"))?)
        }
        _ => (text, 0),
    };
    let wrong = || format!("“{text}” is not a puzzle to make (write it as 15x15-medium-42)");
    let (size, rest) = text.split_once('-').ok_or_else(wrong)?;
    let (grade, seed) = rest.rsplit_once('-').ok_or_else(wrong)?;
    let (width, height) = size.split_once(['x', 'X', '×']).ok_or_else(wrong)?;
    let side = |s: &str| s.parse::<usize>().ok().filter(|n| SIDES.contains(n));
    let (Some(width), Some(height)) = (side(width), side(height)) else {
        return Err(format!("“{size}”: a side is from {} to {} cells", SIDES.start(), SIDES.end()));
    };
    let difficulty = GRADE_WORDS
        .iter()
        .position(|&g| g == grade)
        .ok_or_else(|| format!("“{grade}” is not a grade (easy, medium, hard, very-hard or any)"))?;
    let seed = seed.parse::<u64>().map_err(|_| format!("“{seed}” is not a seed (a whole number)"))?;
    if colours > 0 && width.max(height) > *COLOUR_SIDES.end() {
        return Err(format!("“{size}”: a colour puzzle's side is from 5 to {}", COLOUR_SIDES.end()));
    }
    Ok(Order::Chosen { width, height, difficulty: difficulty as u8, seed, colours })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weekdays_follow_the_calendar() {
        // 1970-01-01 was a Thursday, 2000-02-29 a Tuesday, 2026-11-26 a Thursday.
        assert_eq!(Day::new(1970, 1, 1).unwrap().weekday(), 3);
        assert_eq!(Day::new(2000, 2, 29).unwrap().weekday(), 1);
        assert_eq!(Day::new(2026, 11, 26).unwrap().weekday(), 3);
        assert_eq!(Day::new(2026, 11, 30).unwrap().weekday(), 0);
        assert_eq!(Day::new(2027, 1, 3).unwrap().weekday(), 6);
        assert_eq!(Day::new(2026, 2, 29), None);
        assert_eq!(Day::new(2026, 13, 1), None);
    }

    #[test]
    fn a_made_puzzle_and_a_day_read_back_from_their_address() {
        let generated = Order::Chosen { width: 20, height: 15, difficulty: 4, seed: 987_654_321, colours: 0 };
        assert_eq!(generated.fragment(), "new=20x15-very-hard-987654321");
        assert_eq!(read(&format!("#{}", generated.fragment())), Address::Order(Ok(generated)));
        let colour = Order::Chosen { width: 12, height: 10, difficulty: 2, seed: 7, colours: 3 };
        assert_eq!(colour.fragment(), "new=12x10-medium-7-3colours");
        assert_eq!(read(&format!("#{}", colour.fragment())), Address::Order(Ok(colour)));
        assert_eq!(colour.request(1).colours, 3);
        let day = Order::Day(Day::new(2026, 11, 26).unwrap());
        assert_eq!(day.fragment(), "day=2026-11-26");
        assert_eq!(read("#day=2026-11-26"), Address::Order(Ok(day)));
        assert_eq!(read("#p=abc"), Address::Shared("abc".into()));
        assert_eq!(read(""), Address::Nothing);
        assert_eq!(read("#top"), Address::Nothing);
    }

    #[test]
    fn a_wrong_address_says_what_is_wrong() {
        let wrong = |hash: &str| match read(hash) {
            Address::Order(Err(e)) => e,
            other => panic!("{other:?}"),
        };
        assert!(wrong("#new=15x15-medium").contains("write it as 15x15-medium-42"));
        assert!(wrong("#new=15x15-medium-soon").contains("“soon” is not a seed"));
        assert!(wrong("#new=99x15-easy-1").contains("a side is from 5 to 50"));
        assert!(wrong("#new=15x15-tricky-1").contains("“tricky” is not a grade"));
        assert!(wrong("#new=15-easy-1").contains("write it as 15x15-medium-42"));
        assert!(wrong("#day=2026-02-30").contains("not a date"));
        assert!(wrong("#new=15x15-easy-1-7colours").contains("2 to 4 colours"));
        assert!(wrong("#new=40x40-easy-1-2colours").contains("a colour puzzle's side is from 5 to 30"));
        assert!(wrong("#day=yesterday").contains("not a date"));
    }

    #[test]
    fn the_puzzle_made_last_is_kept_for_its_own_address_only() {
        let generated = Order::Chosen { width: 30, height: 30, difficulty: 3, seed: 7, colours: 4 };
        let kept = format!("{}\nthe text\nof the puzzle", generated.fragment());
        assert_eq!(kept_generated(&generated, &kept), Some("the text\nof the puzzle"));
        let other = Order::Chosen { width: 30, height: 30, difficulty: 3, seed: 8, colours: 4 };
        assert_eq!(kept_generated(&other, &kept), None);
        assert_eq!(kept_generated(&generated, "no line break"), None);
    }

    #[test]
    fn the_day_names_its_puzzle_and_the_week_grows_harder() {
        let thursday = Order::Day(Day::new(2026, 11, 26).unwrap());
        let request = thursday.request(7);
        assert_eq!((request.id, request.width, request.height), (7, 20, 20));
        assert_eq!((request.difficulty, request.seed), (2, 20_261_126));
        assert_eq!(request.title, "Puzzle of the day, 26 November 2026 · Medium");
        assert_eq!(thursday.grade(), Some("Medium"));
        let grades: Vec<u8> =
            (23..=29).map(|d| Order::Day(Day::new(2026, 11, d).unwrap()).request(0).difficulty).collect();
        assert_eq!(grades, [1, 1, 2, 2, 3, 3, 4]);
        let generated = Order::Chosen { width: 10, height: 12, difficulty: 0, seed: 5, colours: 0 };
        assert_eq!(generated.request(1).title, "");
        assert_eq!(generated.grade(), None);
    }
}
