import ChecklistServe
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A response's bytes, and the system calls' small helpers.
extension SocketServer {
    /// A response's head (its status line and fields, with the blank line).
    static func head(of response: PageResponse, closes: Bool) -> [UInt8] {
        var head = "HTTP/1.1 \(response.status) \(phrase(response.status))\r\n"
        var headers = response.headers
        headers["X-Content-Type-Options"] = "nosniff"
        for (name, value) in headers.sorted(by: { $0.key < $1.key })
        where !["content-length", "connection"].contains(name.lowercased()) {
            head += "\(name): \(value)\r\n"
        }
        if closes { head += "Connection: close\r\n" }
        head += "Content-Length: \(response.body.count)\r\n\r\n"
        return Array(head.utf8)
    }

    static func phrase(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 303: "See Other"
        case 400: "Bad Request"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 409: "Conflict"
        case 413: "Content Too Large"
        case 414: "URI Too Long"
        case 415: "Unsupported Media Type"
        case 431: "Request Header Fields Too Large"
        case 503: "Service Unavailable"
        default: "Error"
        }
    }

    static func makeNonBlocking(_ fd: Int32) {
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    }

    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
