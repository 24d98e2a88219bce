import ChecklistModel

/// When and by whom an edit was made: its time (ISO 8601 UTC with milliseconds, from a hybrid
/// logical clock) and its author, kept as one text, `2026-11-28T10:05:00.000Z bob`, that sorts
/// by time, then by author (bytewise, as the server's `COLLATE "C"`): the order of the merge.
package struct Stamp: Comparable, Hashable, Sendable {
    package let text: String

    package init(_ text: String) { self.text = text }

    package init(time: String, author: String) { self.text = time + " " + author }

    /// The stamp's text that stands for everything seen from a server whose clock read `time`:
    /// later than every edit it held then, whoever's.
    package static func seen(_ time: String) -> String { time + " \u{FFFF}" }

    /// The time, `2026-11-28T10:05:00.000Z`.
    package var time: String { String(text.prefix { $0 != " " }) }
    /// The author, after the time.
    package var author: String { String(text.drop { $0 != " " }.dropFirst()) }

    package static func < (left: Stamp, right: Stamp) -> Bool {
        Array(left.text.utf8).lexicographicallyPrecedes(Array(right.text.utf8))
    }

    /// The copy's clock for its changes since its last sync, in order: each change's own time,
    /// but never earlier than what the copy had seen from the server (`seen`) nor than the
    /// change before it (one millisecond later, then), and never later than the server's
    /// clock when it arrives (`arrival`; or a millisecond after the one before, when several
    /// are held to it): a clock running ahead cannot make an edit win over ones made after it
    /// reached the server.
    ///
    /// A text that is not such a time (`05:59:99.999`, month 13) counts as no time at all, and
    /// what the copy had seen never as later than the arrival (a `seen` from the future,
    /// 9999-12-31, stamped every later edit there and past it, where 10000 sorts before 2026).
    package static func clock(_ times: [String], seen: String, arrival: String) -> [String] {
        var last = ISOTime.isValid(seen) ? min(seen, arrival) : ""
        return times.map { time in
            var stamp =
                ISOTime.isValid(time) && time > last
                ? time : last.isEmpty ? arrival : ISOTime.adding(milliseconds: 1, to: last)
            // Held to the arrival, but still one after another: two edits must never share a
            // stamp (an equal stamp is the same edit sent again).
            if stamp > arrival { stamp = max(arrival, ISOTime.adding(milliseconds: 1, to: last)) }
            last = stamp
            return stamp
        }
    }
}

/// ISO 8601 UTC times with milliseconds, as the program writes them.
public enum ISOTime {
    /// Whether `text` is a time as the program writes it, `2026-11-28T10:05:00.123Z`, and a
    /// real one: a month of 1 to 12, a day its month has, hours, minutes and seconds on the
    /// clock, a year from 1.
    public static func isValid(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 24 else { return false }
        let shape = Array("0000-00-00T00:00:00.000Z".utf8)
        for (byte, expected) in zip(bytes, shape) {
            if expected == UInt8(ascii: "0") {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return false }
            } else if byte != expected {
                return false
            }
        }
        func number(_ range: Range<Int>) -> Int {
            bytes[range].reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        }
        let (year, month, day) = (number(0..<4), number(5..<7), number(8..<10))
        guard year >= 1, (1...12).contains(month), day >= 1 else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        return day <= days && number(11..<13) < 24 && number(14..<16) < 60
            && number(17..<19) < 60
    }

    /// `time` plus `milliseconds` (a clock's tick: past midnight, the next day; a text that is
    /// not such a time comes back as it is).
    static func adding(milliseconds: Int, to time: String) -> String {
        // 2026-11-28T10:05:00.123Z
        let bytes = Array(time.utf8)
        func number(_ range: Range<Int>) -> Int? {
            Int(String(decoding: bytes[range], as: UTF8.self))
        }
        guard bytes.count == 24, let year = number(0..<4), let month = number(5..<7),
            let day = number(8..<10), let hour = number(11..<13), let minute = number(14..<16),
            let second = number(17..<19), let milli = number(20..<23)
        else { return time }
        let dayLength = 86_400_000
        let total = ((hour * 60 + minute) * 60 + second) * 1000 + milli + milliseconds
        let days = days(year: year, month: month, day: day) + total.floorDivided(by: dayLength)
        let within = total - total.floorDivided(by: dayLength) * dayLength
        let (y, m, d) = civil(days)
        func pad(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(y, 4))-\(pad(m, 2))-\(pad(d, 2))T\(pad(within / 3_600_000, 2)):"
            + "\(pad(within / 60_000 % 60, 2)):\(pad(within / 1000 % 60, 2)).\(pad(within % 1000, 3))Z"
    }

    /// Days since 1970-01-01 of a date of the proleptic Gregorian calendar (H. Hinnant's
    /// `days_from_civil`).
    private static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = y.floorDivided(by: 400)
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date of a day since 1970-01-01 (`civil_from_days`).
    private static func civil(_ days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = z.floorDivided(by: 146_097)
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

extension Int {
    /// The quotient rounded down (`-1 / 2` is -1, not 0).
    fileprivate func floorDivided(by divisor: Int) -> Int {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
