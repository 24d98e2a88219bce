/// Times for people: the database keeps ISO 8601 UTC (`2026-11-23T11:39:47.945Z`, what JSON
/// shows); text shows the local time to the minute (`2026-11-23 12:39` in Paris).
enum LocalTime {
    /// The local minute of an ISO 8601 UTC timestamp; the text itself when it is not one.
    static func minute(of timestamp: String) -> String {
        let digits = timestamp.utf8.map { Int($0) - 0x30 }
        guard digits.count >= 16 else { return timestamp }
        func number(_ range: Range<Int>) -> Int32? {
            var value: Int32 = 0
            for digit in digits[range] {
                guard (0...9).contains(digit) else { return nil }
                value = value * 10 + Int32(digit)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16)
        else { return timestamp }
        guard let local = Platform.localTime(ofUTC: (year, month, day, hour, minute)) else {
            return timestamp
        }
        return "\(local.year)-\(twoDigits(local.month))-\(twoDigits(local.day))"
            + " \(twoDigits(local.hour)):\(twoDigits(local.minute))"
    }

    private static func twoDigits(_ value: Int32) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
