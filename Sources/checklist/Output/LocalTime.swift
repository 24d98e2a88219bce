import Glibc

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
        var fields = tm()
        fields.tm_year = year - 1900
        fields.tm_mon = month - 1
        fields.tm_mday = day
        fields.tm_hour = hour
        fields.tm_min = minute
        var seconds = timegm(&fields)
        var local = tm()
        guard localtime_r(&seconds, &local) != nil else { return timestamp }
        return "\(local.tm_year + 1900)-\(twoDigits(local.tm_mon + 1))-\(twoDigits(local.tm_mday))"
            + " \(twoDigits(local.tm_hour)):\(twoDigits(local.tm_min))"
    }

    private static func twoDigits(_ value: Int32) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
