import ChecklistCore
import ChecklistModel

/// How a handler's outcome becomes an answer: the store's errors as 4xx and 5xx, in the
/// page's words, as JSON for the script or a page for a browser without it.
extension PageServer {
    /// Runs a read or a change, mapping the store's errors to 4xx and 5xx (as text, or as JSON
    /// for the page's script).
    func answering(
        _ request: PageRequest, json: Bool, _ body: (inout Shared) throws -> PageResponse
    ) -> PageResponse {
        do {
            return try locked { shared in
                do {
                    return try body(&shared)
                } catch let gone as ListGone {
                    // The lists there are now, for the page's menu (the way to another list).
                    let names = ((try? shared.store.lists()) ?? []).map(\.name.text)
                    return Self.answer(
                        gone, lists: names, json: json,
                        editing: request.queryValue("edit") == "1")
                } catch ChecklistError.listNotFound(let name) where !json {
                    // A page, not "no list named": nothing on it creates the list.
                    let names = ((try? shared.store.lists()) ?? []).map(\.name.text)
                    var response = PageResponse.html(
                        PageHTML.missingList(
                            "There is no list “\(name)” here. Choose a list.", lists: names,
                            editing: request.queryValue("edit") == "1"))
                    response.status = 404
                    return response
                }
            }
        } catch let error as ChecklistError {
            let status = error.answer.httpStatus
            // A 404 or 409 names items and lists, which the page shows anyway; the rest would
            // name the database's path or URI (a password, a folder), which a page never hears.
            let message =
                switch status {
                case 404, 409: Self.inThePagesWords(error)
                case 503: "the list is busy or cannot be reached; try again"
                default: "the server could not do this; nothing changed"
                }
            return json
                ? PageResponse(
                    status: status, headers: ["Content-Type": "application/json"],
                    body: PageFailure(error: message).json)
                : Self.refusal(status, message, to: request)
        } catch let error as PageError {
            return json
                ? PageResponse(
                    status: error.status, headers: ["Content-Type": "application/json"],
                    body: PageFailure(error: error.message).json)
                : Self.refusal(error.status, error.message, to: request)
        } catch {
            return .text(500, "the server could not do this; nothing changed\n")
        }
    }

    /// A refusal for a browser without the page's script (a Save, a Rename): a page in the
    /// page's words with the way back to the list it came from, not a dead end of plain text.
    static func refusal(_ status: Int, _ message: String, to request: PageRequest)
        -> PageResponse
    {
        let fields = request.method == "POST" ? FormBody.parse(request.body) ?? [] : request.query
        func value(_ name: String) -> String? { fields.last { $0.0 == name }?.1 }
        let back =
            value("list").flatMap { try? ListName($0) }.map {
                PageHTML.pageURL(
                    list: $0, identity: value("listid") ?? "", editing: value("edit") == "1")
            } ?? "./"
        var response = PageResponse.html(PageHTML.refusal(message, back: back))
        response.status = status
        return response
    }

    /// A list deleted elsewhere: 410, and for the page's script, the lists there are now.
    static func answer(_ gone: ListGone, lists: [String], json: Bool, editing: Bool)
        -> PageResponse
    {
        guard json else {
            var response = PageResponse.html(
                PageHTML.missingList(
                    "The list “\(gone.name)” was deleted elsewhere. Choose another list.",
                    lists: lists, editing: editing))
            response.status = 410
            return response
        }
        let message =
            "the list \"\(gone.name)\" was deleted elsewhere; nothing changed (choose a list"
            + " from the menu)"
        return PageResponse(
            status: 410, headers: ["Content-Type": "application/json"],
            body: PageFailure(error: message, gone: true, lists: lists).json)
    }
}
