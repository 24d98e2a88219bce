import ChecklistModel
import ChecklistCore
import ChecklistServe
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// `checklist serve`'s pages (`PageServer`) behind Hummingbird 2: the same handlers, HTTP/1.1
/// only (no live updates' web socket), for the hostile suite's HTTP cases. The arguments that
/// suite passes: `--db PATH -l LIST --port N [--host A]`.
var arguments = CommandLine.arguments.dropFirst()
var options: [String: String] = [:]
while let name = arguments.popFirst() {
    options[name] = arguments.popFirst()
}
let host = options["--host"] ?? "127.0.0.1"
let port = Int(options["--port"] ?? "8040") ?? 8040
let setup: ServeSetup
let links: [ServeSetup.Link]
do {
    setup = try ServeSetup(
        list: options["-l"] ?? options["--list"], db: options["--db"],
        environment: ProcessInfo.processInfo.environment)
    links = try setup.links(for: [], newLink: false)
} catch {
    FileHandle.standardError.write(Data("checklist: \(error.line)\n".utf8))
    exit(error.status.rawValue)
}
let pages = PageServer(store: setup.store, list: setup.list, allowedHosts: [host, "localhost"])
/// Store calls block: one at a time, off Hummingbird's event loops.
let storeQueue = DispatchQueue(label: "store")

struct Pages: HTTPResponder {
    typealias Context = BasicRequestContext

    func respond(to request: Request, context: Context) async throws -> Response {
        // As checklist-serve's own limit on a change's body (64 KiB).
        let body = try await request.body.collect(upTo: 64 * 1024)
        // The target's path and query, read as checklist-serve reads them.
        let head = "GET \(request.uri.string) HTTP/1.1\r\nHost: h\r\n\r\n"
        let parsed = try? HTTPHead.parse(ArraySlice(head.utf8))
        guard let (path, query) = parsed?.pathAndQuery else {
            return Response(status: .badRequest)
        }
        var headers: [String: String] = [:]
        for field in request.headers { headers[field.name.canonicalName] = field.value }
        // HTTP types keep the Host header as the request's authority.
        if let authority = request.head.authority { headers["host"] = authority }
        let pageRequest = PageRequest(
            method: request.method.rawValue, path: path, query: query, headers: headers,
            body: Array(body.readableBytesView), isOversized: false)
        let answer: PageResponse
        if let quick = pages.answerWithoutStore(pageRequest) {
            answer = quick
        } else {
            answer = await withCheckedContinuation { continuation in
                storeQueue.async { continuation.resume(returning: pages.respond(to: pageRequest)) }
            }
        }
        var fields = HTTPFields()
        for (name, value) in answer.headers {
            if let name = HTTPField.Name(name) { fields[name] = value }
        }
        return Response(
            status: .init(code: answer.status), headers: fields,
            body: .init(byteBuffer: ByteBuffer(bytes: answer.body)))
    }
}

let app = Application(
    responder: Pages(),
    server: .http1(configuration: .init(idleTimeout: .seconds(10))),
    configuration: .init(address: .hostname(host, port: port)),
    onServerRunning: { channel in
        let bound = channel.localAddress?.port ?? port
        for (line, _) in ServeSetup.lines(for: links, address: "http://\(host):\(bound)") {
            FileHandle.standardOutput.write(Data((line + "\n").utf8))
        }
    })
try await app.runService()
