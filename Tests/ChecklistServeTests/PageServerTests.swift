import ChecklistCore
import ChecklistModel
import ChecklistSQLite
import Foundation
import Testing

@testable import ChecklistServe
@testable import ChecklistStore

/// The page's HTTP surface, without a socket: the token, the methods, the limits, the forms
/// with and without the script. A refused request changes nothing.
@Suite struct PageServerTests {
    let store: ChecklistStore
    let server: PageServer
    /// The page link's secret.
    let token: String

    /// camping: 1 Tent, 2 Stove, 3 Map.
    init() throws {
        store = try ChecklistStore.empty()
        try store.add(["Tent", "Stove", "Map"].map { try Title($0) }, to: "camping")
        token = try store.makePageLink()
        server = PageServer(store: store, list: "camping")
    }

    private func get(_ path: String, query: [(String, String)] = []) -> PageResponse {
        server.respond(
            to: PageRequest(method: "GET", path: path, query: query, headers: ["Host": "h:1"]))
    }

    private func post(
        _ action: String, _ body: String, json: Bool = false, headers: [String: String] = [:]
    ) -> PageResponse {
        var all = [
            "Host": "h:1", "Origin": "http://h:1",
            "Content-Type": "application/x-www-form-urlencoded",
        ]
        if json { all["Accept"] = "application/json" }
        for (name, value) in headers { all[name] = value }
        return server.respond(
            to: PageRequest(
                method: "POST", path: "/\(token)/\(action)", headers: all, body: Array(body.utf8)))
    }

    private func text(_ response: PageResponse) -> String {
        String(decoding: response.body, as: UTF8.self)
    }

    private func checked() throws -> [ItemID] {
        try store.items(in: .all, filter: .checked).map(\.id)
    }

    private func unchanged(_ body: () throws -> Void) throws {
        let before = try store.items(in: .all)
        let history = try store.history()
        try body()
        #expect(try store.items(in: .all) == before)
        #expect(try store.history() == history)
    }

    @Test func theTokenIsLongAndRandom() {
        #expect(token.count == 32)
        #expect(token.allSatisfy { $0.isHexDigit })
        #expect(PageLink.makeSecret() != PageLink.makeSecret())
    }

    @Test func thePageNeedsTheToken() {
        let page = get("/\(token)/")
        #expect(page.status == 200)
        #expect(text(page).contains("Tent"))
        let policy = page.headers["Content-Security-Policy"] ?? ""
        #expect(policy.contains("script-src 'self';"))
        #expect(policy.contains("connect-src 'self' ws://h:1 wss://h:1;"))
        #expect(page.headers["Referrer-Policy"] == "same-origin")
        for path in [
            "/x/", "/\(token.dropLast())/", "/\(token)x/", "/\(token.uppercased())/", "/state",
        ] {
            let response = get(path)
            #expect(response == PageResponse.notFound, "\(path)")
        }
        // The clean address is the public page, holding no list's (issue 48, 4).
        #expect(get("/").body == PageBoot.html)
        #expect(get("/\(token)").status == 303)
        #expect(get("/\(token)/nothing").status == 404)
    }

    @Test func aWrongTokenChangesNothing() throws {
        try unchanged {
            let response = server.respond(
                to: PageRequest(
                    method: "POST", path: "/0123456789abcdef0123456789abcdef/toggle",
                    headers: ["Content-Type": "application/x-www-form-urlencoded"],
                    body: Array("id=1&to=checked".utf8)))
            #expect(response.status == 404)
        }
    }

    @Test func changesArePostsOnly() throws {
        try unchanged {
            for action in ["toggle", "save", "add", "delete"] {
                let response = get("/\(token)/\(action)", query: [("id", "1"), ("to", "checked")])
                #expect(response.status == 405, "\(action)")
                #expect(response.headers["Allow"] == "POST")
            }
            let response = server.respond(
                to: PageRequest(method: "POST", path: "/\(token)/", headers: ["Host": "h:1"]))
            #expect(response.status == 405)
        }
    }

    @Test func aTapChecksAndUnchecksOneItemAsOneChange() throws {
        let response = post("toggle", "id=2&to=checked&list=camping", json: true)
        #expect(response.status == 200)
        let state = try PageState.read(response)
        #expect(state.checked == 1 && state.total == 3)
        #expect(state.rows.map(\.isSelected) == [false, true, false])
        #expect(try checked() == [2])
        #expect(try store.history().first?.description == "checked 1 item (ID 2)")
        #expect(post("toggle", "id=2&to=unchecked&list=camping", json: true).status == 200)
        #expect(try checked() == [])
        #expect(try store.history().count == 3)
        // undo from the command line reverts the page's change.
        try store.undo()
        #expect(try checked() == [2])
    }

    @Test func withoutTheScriptAFormSavesTheBoxesAndTheBrowserReloads() throws {
        let page = text(get("/\(token)/"))
        #expect(page.contains(#"<input type="hidden" name="shown" value="1,2,3">"#))
        #expect(page.contains(#"<input type="hidden" name="was" value="">"#))
        let response = post("save", "list=camping&shown=1,2,3&was=&checked=1&checked=3")
        #expect(response.status == 303)
        #expect(response.headers["Location"] == "./?list=camping")
        #expect(try checked() == [1, 3])
        #expect(post("save", "list=camping&shown=1,2,3&was=1,3&checked=3").status == 303)
        #expect(try checked() == [3])
    }

    /// Without JavaScript only the address can hold the secret (issue 48, 4: no cookie, which
    /// every port of the host is sent), so Save's redirect stays under it; the page's script
    /// sends a form with the header to the clean path, and is led to the clean address.
    @Test func withoutTheScriptSavesRedirectStaysUnderTheSecret() throws {
        let body = "list=camping&shown=1,2,3&was=&checked=1"
        let plain = post("save", body, headers: ["Cookie": "checklist=\(token)"])
        #expect(plain.status == 303)
        #expect(plain.headers["Location"] == "./?list=camping", "\(plain.headers)")
        #expect(plain.headers["Set-Cookie"] == nil)
        let scripted = request(
            "/save", method: "POST", header: token, body: body, accept: "text/html")
        #expect(scripted.status == 303)
        #expect(scripted.headers["Location"] == "./?list=camping", "the clean path's own")
    }

    /// A Save without the script that cannot be done (an item deleted elsewhere) is a page of
    /// the page's own, with the reason and the way back to the list, not a dead end of text.
    @Test func aRefusedSaveWithoutTheScriptIsAPageWithTheWayBack() throws {
        try store.delete(.ids(IDSet(ids: [2])))
        var refused = PageResponse(status: 0)
        try unchanged {
            refused = post("save", "list=camping&edit=1&shown=1,2&was=&checked=2")
        }
        #expect(refused.status == 404)
        #expect(refused.headers["Content-Type"] == "text/html; charset=utf-8")
        let page = text(refused)
        #expect(page.contains(#"<p id="gone" role="alert">the item is gone (deleted elsewhere);"#))
        #expect(
            page.contains(
                #"<a id="back" class="button" href="./?list=camping&amp;edit=1">"#),
            "\(page)")
        var unnamed = PageResponse(status: 0)
        try unchanged { unnamed = post("save", "shown=2&was=&checked=2") }
        #expect(text(unnamed).contains(#"href="./">Back to the list</a>"#), "\(text(unnamed))")
    }

    /// Issue 48, 6: one request holds at most 200 taps (the page sends its kept taps 200 at a
    /// time), so no request holds the store for long; more are refused whole (413).
    @Test func aRequestOfMoreThan200TapsIsRefusedWhole() throws {
        try store.add((4...300).map { try Title("item \($0)") }, to: "camping")
        let time = PageClock.now()
        func taps(_ ids: ClosedRange<Int>) -> String {
            ids.map { "tap=\($0):checked:\(time)" }.joined(separator: "&")
        }
        try unchanged {
            let refused = post("toggle", taps(1...201), json: true)
            #expect(refused.status == 413, "\(text(refused))")
            #expect(text(refused).contains("at most 200 taps"))
        }
        #expect(post("toggle", taps(1...200), json: true).status == 200)
        #expect(try checked().count == 200)
    }

    /// Only the boxes the person changed change: a check made elsewhere after the page was
    /// made stays, though its box on this page was empty.
    @Test func aSaveWithoutTheScriptKeepsOtherPeoplesChanges() throws {
        try store.check(.ids(IDSet(ids: [2])))  // another phone, after the page showed none
        #expect(post("save", "list=camping&shown=1,2,3&was=&checked=1").status == 303)
        #expect(try checked() == [1, 2])
    }

    /// Issue 32, 12: the page sends the taps it kept, in order, each with the time it was made
    /// (`tap=ID:checked:TIME`); each is its own change at that time, and one that lost to a
    /// later change elsewhere is told in the answer, with who and when. The state says the
    /// server's time (the page's `seen`) and its process (`epoch`).
    @Test func keptTapsAreMergedInOrderAndThoseThatLostAreTold() throws {
        let before = PageClock.now()
        Thread.sleep(forTimeInterval: 0.005)
        try store.actingAs("ben").check(.ids(IDSet(ids: [3])))
        let answer = post(
            "toggle", "tap=1:checked:\(before)&tap=3:unchecked:\(before)&tap=1:unchecked:\(before)",
            json: true)
        #expect(answer.status == 200)
        let state = try JSONDecoder().decode(PageState.self, from: Data(answer.body))
        #expect(try checked() == [3])
        let lost = try #require(state.lost)
        #expect(lost.map(\.id) == [3])
        #expect(lost.first?.said == "ben checked it")
        #expect(lost.first?.tap == "uncheck")
        #expect(lost.first?.title == "Map")
        #expect(PageClock.isTime(state.time))
        #expect(state.epoch == server.epoch)
        // Two taps of Tent, a millisecond apart, each its own change at its own time.
        let history = try store.history().prefix(2)
        #expect(history.map(\.command) == ["uncheck", "check"])
        #expect(history.map(\.createdAt).allSatisfy { $0 < PageClock.now() })
        #expect(Set(history.map(\.createdAt)).count == 2)
        try unchanged {
            for body in [
                "tap=1:checked", "tap=1:on:\(before)", "tap=x:checked:\(before)",
                "tap=1:checked:yesterday", "tap=0:checked:\(before)",
            ] {
                #expect(post("toggle", body, json: true).status == 400, "\(body)")
            }
        }
    }

    @Test func unknownIDsAndMalformedBodiesAre4xxAndChangeNothing() throws {
        try unchanged {
            #expect(post("toggle", "id=99&to=checked", json: true).status == 404)
            #expect(post("toggle", "id=abc&to=checked").status == 400)
            #expect(post("toggle", "id=1&to=maybe").status == 400)
            #expect(post("toggle", "id=1").status == 400)
            #expect(post("toggle", "id=%ZZ&to=checked").status == 400)
            #expect(post("save", "shown=1,2&checked=3").status == 400)
            #expect(post("save", "shown=1,99&checked=1,99").status == 404)
            #expect(post("add", "title=").status == 400)
            #expect(post("add", "list=%0A&title=x").status == 400)
            #expect(post("delete", "ids=1&confirm=yes&list=nope").status == 404)
            let notUTF8 = server.respond(
                to: PageRequest(
                    method: "POST", path: "/\(token)/add",
                    headers: ["Content-Type": "application/x-www-form-urlencoded"],
                    body: [0x74, 0x69, 0x74, 0x6C, 0x65, 0x3D, 0xFF]))
            #expect(notUTF8.status == 400)
        }
    }

    @Test func bodiesOver64KiBAreRefused() throws {
        try unchanged {
            let big = "title=" + String(repeating: "x", count: PageServer.bodyLimit)
            #expect(post("add", big).status == 413)
            #expect(post("add", "title=x", headers: ["Content-Length": "70000"]).status == 413)
            let flagged = server.respond(
                to: PageRequest(
                    method: "POST", path: "/\(token)/add",
                    headers: ["Content-Type": "application/x-www-form-urlencoded"],
                    isOversized: true))
            #expect(flagged.status == 413)
        }
        // Just under the limit is a change like any other.
        let title = String(repeating: "y", count: 1000)
        #expect(post("add", "list=camping&title=" + title).status == 303)
    }

    @Test func anotherSitesFormCannotChangeAnything() throws {
        try unchanged {
            #expect(
                post("toggle", "id=1&to=checked", headers: ["Origin": "http://evil.example"]).status
                    == 403)
            #expect(
                post("toggle", "id=1&to=checked", headers: ["Sec-Fetch-Site": "cross-site"]).status
                    == 403)
            #expect(
                post("toggle", "id=1&to=checked", headers: ["Content-Type": "text/plain"]).status
                    == 415)
        }
        #expect(
            post("toggle", "id=1&to=checked", headers: ["Sec-Fetch-Site": "same-origin"]).status
                == 303)
    }

    @Test func titlesAreEscaped() throws {
        try store.add([try Title("<script>alert('x')</script> & \"quotes\" ✓ 日本")], to: "camping")
        let page = text(get("/\(token)/"))
        #expect(!page.contains("<script>alert"))
        #expect(
            page.contains(
                "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;quotes&quot; ✓ 日本"))
        let state = get("/\(token)/state")
        #expect(!text(state).contains("</script"), "no text closes a script element")
        #expect(
            try PageState.read(state).rows.last?.title
                == "<script>alert('x')</script> & \"quotes\" ✓ 日本")
    }

    /// A title's U+202E reorders nothing outside it: each title is a `<bdi>`, isolated by the
    /// style sheet as well, in the page and in the rows the script makes.
    @Test func titlesAreIsolatedFromTheirRow() throws {
        try store.add([try Title("\u{202E}]x[ Rope")], to: "camping")
        let page = text(get("/\(token)/"))
        #expect(page.contains(#"<label for="item-4"><bdi>\#u{202E}]x[ Rope</bdi></label>"#))
        #expect(page.contains(#"<label for="item-1"><bdi>Tent</bdi></label>"#))
        let css = text(get("/page.css"))
        #expect(css.contains("bdi { unicode-bidi: isolate; }"))
        let script = text(get("/page.js"))
        #expect(script.contains(#"label.append(document.createElement("bdi"))"#))
        #expect(script.contains(#"const title = label && label.querySelector("bdi");"#))
        #expect(!script.contains("label.textContent = row.title"))
    }

    /// With the hosts set (as `checklist-serve` sets them), a `Host` naming any other host is
    /// 400 before anything is read (DNS rebinding); every answer carries nosniff.
    @Test func aHostTheServerDoesNotAnswerToIsRefused() throws {
        let server = PageServer(
            store: store, list: "camping", allowedHosts: ["127.0.0.1", "localhost", "::1"])
        func page(host: String) -> PageResponse {
            server.respond(
                to: PageRequest(method: "GET", path: "/\(token)/", headers: ["Host": host]))
        }
        for host in [
            "127.0.0.1:8040", "localhost:8040", "LOCALHOST", "[::1]:8040", "localhost.:8040",
        ] {
            #expect(page(host: host).status == 200, "\(host)")
        }
        for host in ["evil.example:8040", "127.0.0.1.evil.example", "evil.example", "[::2]:8040"] {
            let refused = page(host: host)
            #expect(refused.status == 400, "\(host)")
            #expect(refused.headers["X-Content-Type-Options"] == "nosniff")
        }
        try unchanged {
            let response = server.respond(
                to: PageRequest(
                    method: "POST", path: "/\(token)/toggle",
                    headers: [
                        "Host": "evil.example:8040", "Origin": "http://evil.example:8040",
                        "Content-Type": "application/x-www-form-urlencoded",
                    ], body: Array("id=1&to=checked".utf8)))
            #expect(response.status == 400)
        }
    }

    @Test func theLiveUpdatesUpgradeChecksOriginAsAPostDoes() {
        func upgrade(_ headers: [String: String]) -> PageResponse? {
            server.upgradeRefusal(
                of: PageRequest(method: "GET", path: "/\(token)/events", headers: headers))
        }
        #expect(upgrade(["Host": "h:1", "Origin": "http://h:1"]) == nil)
        #expect(upgrade(["Host": "h:1"]) == nil)
        #expect(upgrade(["Host": "h:1", "Origin": "http://evil.example"])?.status == 403)
        #expect(upgrade(["Host": "h:1", "Origin": "http://h:2"])?.status == 403)
        #expect(upgrade(["Host": "h:1", "Sec-Fetch-Site": "cross-site"])?.status == 403)
        #expect(
            upgrade(["Host": "h:1", "Origin": "http://evil.example"])?.headers[
                "X-Content-Type-Options"] == "nosniff")
    }

    @Test func everyAnswerCarriesNosniff() {
        let answers = [
            get("/\(token)/"), get("/\(token)/page.css"), get("/\(token)/page.js"),
            get("/\(token)/state"),
            get("/\(token)"), get("/nothing"), get("/\(token)/toggle"),
            post("toggle", "id=1&to=checked"),
            post("toggle", "id=99&to=checked"), post("toggle", "id=x"),
            post("add", "title=", json: true),
        ]
        for answer in answers {
            #expect(answer.headers["X-Content-Type-Options"] == "nosniff", "\(answer.status)")
        }
    }

    @Test func editModeCountsTheCheckedItemsShownAndDeleteAsksOnce() throws {
        try store.check(.ids(IDSet(ids: [1, 3])))
        let page = text(get("/\(token)/", query: [("edit", "1")]))
        #expect(page.contains(#"<button type="submit" id="delete">Delete (2)</button>"#))
        #expect(page.contains(#"name="ids" value="1,3""#))
        // Without the script the first POST asks, and changes nothing.
        try unchanged {
            let asking = post("delete", "list=camping&ids=1,3&edit=1")
            #expect(asking.status == 200)
            #expect(text(asking).contains("Delete 2 checked items of <bdi>camping</bdi>?"))
        }
        // Item 3 is unchecked meanwhile: only what is still checked goes.
        try store.uncheck(.ids(IDSet(ids: [3])))
        let deleted = post("delete", "list=camping&ids=1,3&confirm=yes&edit=1")
        #expect(deleted.status == 303)
        #expect(deleted.headers["Location"] == "./?list=camping&edit=1")
        #expect(try store.items(in: .list("camping")).map(\.id) == [2, 3])
        let none = text(get("/\(token)/", query: [("edit", "1")]))
        #expect(none.contains(#"<button type="submit" id="delete" disabled>Delete (0)</button>"#))
    }

    /// Issue 32, 18: edit mode does what the terminal's does: move up and down, rename; a
    /// single-choice list's choice can be cleared. Without the script, as plain forms.
    @Test func editModeMovesAnItemUpAndDownAsThePageShowsThem() throws {
        let page = text(get("/\(token)/", query: [("edit", "1")]))
        // Stove (2) goes before Tent (1), the row above it; Tent has nothing above.
        #expect(page.contains(#"name="move" value="2 before 1" class="up""#))
        #expect(page.contains(#"name="move" value="2 after 3" class="down""#))
        #expect(page.contains(#"name="move" value="" class="up" aria-label="Move up" disabled"#))
        #expect(page.contains(#"<form id="move-form" method="post" action="move">"#))
        // Not outside edit mode.
        #expect(!text(get("/\(token)/")).contains("move-form"))
        let moved = post("move", "list=camping&edit=1&move=2+before+1")
        #expect(moved.status == 303)
        #expect(moved.headers["Location"] == "./?list=camping&edit=1")
        #expect(try store.items(in: .list("camping")).map(\.id) == [2, 1, 3])
        #expect(post("move", "list=camping&move=2+after+3", json: true).status == 200)
        #expect(try store.items(in: .list("camping")).map(\.id) == [1, 3, 2])
        #expect(try store.history().first?.command == "move")
        try unchanged {
            #expect(post("move", "list=camping&move=2+sideways+3").status == 400)
            #expect(post("move", "list=camping&move=2+before+99").status == 404)
        }
        // Moved to another list elsewhere while the page showed it: a conflict the page names
        // (409, one line), not the server's fault (500 said "could not do this").
        try store.add([try Title("Milk")], to: "groceries")
        _ = try store.move(3, to: .after(4))
        var refused = PageResponse.notFound
        try unchanged { refused = post("move", "list=camping&move=2+before+3", json: true) }
        #expect(refused.status == 409)
        let failure = try JSONDecoder().decode(PageFailure.self, from: Data(refused.body))
        #expect(failure.error == "item 3 is not in list 'camping'; nothing changed")
    }

    @Test func editModeRenamesAnItemInAFieldOfItsOwn() throws {
        let page = text(get("/\(token)/", query: [("edit", "1")]))
        #expect(
            page.contains(#"&amp;edit=1&amp;rename=2" aria-label="Rename""#)
                && page.contains(#"href="./?list=camping&amp;listid="#))
        let renaming = text(get("/\(token)/", query: [("edit", "1"), ("rename", "2")]))
        #expect(
            renaming.contains(
                #"name="title" form="rename-form" required autofocus aria-label="New title" value="Stove""#
            ))
        #expect(renaming.contains(#"<input type="hidden" name="id" value="2"></form>"#))
        #expect(!renaming.contains("<bdi>Stove</bdi>"))
        let renamed = post("rename", "list=camping&edit=1&id=2&title=Camp+stove")
        #expect(renamed.status == 303)
        #expect(
            try store.items(in: .list("camping")).map(\.title) == ["Tent", "Camp stove", "Map"])
        #expect(try store.history().first?.command == "rename")
        try unchanged {
            #expect(post("rename", "list=camping&id=2&title=").status == 400)
            #expect(post("rename", "list=camping&id=99&title=x").status == 404)
        }
    }

    /// Contract v5, "Quantities and notes": the page shows each item's quantity and note, and
    /// edit mode's Rename changes the title, the quantity and the note as one change.
    @Test func rowsShowQuantitiesAndNotesAndRenameChangesThemAsOneChange() throws {
        try store.setFields(
            [try ItemFieldValue(ItemField.named("quantity")!, "5")], of: .ids(IDSet(ids: [1])))
        let page = text(get("/\(token)/"))
        #expect(page.contains(#"<bdi>Tent</bdi><span class="fields"> ×5</span></label>"#))
        #expect(page.contains(#"<bdi>Stove</bdi></label>"#))
        let renaming = text(get("/\(token)/", query: [("edit", "1"), ("rename", "2")]))
        #expect(
            renaming.contains(
                #"name="quantity" form="rename-form" aria-label="Quantity" placeholder="Quantity" type="number" inputmode="numeric" required min="1" max="9999" value="1">"#
            ))
        #expect(renaming.contains(#"name="note" form="rename-form" aria-label="Note""#))
        let before = try store.history().count
        let renamed = post(
            "rename", "list=camping&edit=1&id=2&title=Camp+stove&quantity=2&note=the+small+one")
        #expect(renamed.status == 303)
        let stove = try #require(try store.items(in: .list("camping")).first { $0.id == 2 })
        #expect(stove.title == "Camp stove" && stove.more == ["2", "the small one"])
        #expect(try store.history().count == before + 1)
        #expect(
            try store.history().first?.description
                == "renamed item 2 to 'Camp stove'; set quantity of 1 item to 2"
                + " and note to 'the small one'")
        let state = try PageState.read(get("/\(token)/state", query: [("list", "camping")]))
        #expect(state.rows[1].more == ["2", "the small one"])
        #expect(
            text(get("/\(token)/state", query: [("list", "camping")])).contains(
                #""shown":" ×2 — the small one""#))
        try unchanged {
            #expect(post("rename", "list=camping&id=2&title=x&quantity=0").status == 400)
            #expect(post("rename", "list=camping&id=2&title=x&note=a%0Ab").status == 400)
        }
        try store.undo()
        #expect(try store.items(in: .list("camping")).map(\.title) == ["Tent", "Stove", "Map"])
    }

    @Test func aSingleChoiceListsChoiceIsClearedByNone() throws {
        try store.addList(named: "tent", mode: .single)
        try store.add([try Title("Big"), try Title("Small")], to: "tent")
        #expect(
            text(get("/\(token)/", query: [("list", "tent")])).contains(
                #"<button type="submit" id="none" disabled>"#))
        try store.check(.ids(IDSet(ids: [5])))
        let page = text(get("/\(token)/", query: [("list", "tent")]))
        #expect(page.contains(#"<form id="none-form" method="post" action="none">"#))
        #expect(page.contains(#"<button type="submit" id="none">"#))
        #expect(!text(get("/\(token)/")).contains("none-form"))  // camping is not single choice
        let cleared = post("none", "list=tent", json: true)
        #expect(cleared.status == 200)
        #expect(text(cleared).contains(#""checked":0"#))
        #expect(try store.items(in: .list("tent"), filter: .checked).isEmpty)
    }

    @Test func aSingleChoiceListShowsRadioButtons() throws {
        try store.addList(named: "tent", mode: .single)
        try store.add([try Title("Big"), try Title("Small")], to: "tent")
        let page = text(get("/\(token)/", query: [("list", "tent")]))
        #expect(page.contains(#"<input type="radio" id="item-4""#))
        #expect(post("toggle", "id=4&to=checked&list=tent", json: true).status == 200)
        #expect(post("toggle", "id=5&to=checked&list=tent", json: true).status == 200)
        #expect(try store.items(in: .list("tent"), filter: .checked).map(\.id) == [5])
    }

    @Test func aLongListIsSentAWindowAtATime() throws {
        try store.add((1...1000).map { try Title("item \($0)") }, to: "long")
        let page = text(get("/\(token)/", query: [("list", "long")]))
        #expect(page.components(separatedBy: "<li ").count - 1 == PageServer.windowSize)
        #expect(
            page.contains("0 of 1000 checked")
                || page.contains(#"<span id="total-count">1000</span>"#))
        #expect(page.contains("Next items"))
        let last = 3 + PageServer.windowSize
        let next = text(
            get(
                "/\(token)/",
                query: [
                    ("list", "long"), ("from", String(last)),
                    ("key", String(PageServer.windowSize)), ("after", "1"),
                ]))
        #expect(next.contains(#"data-id="\#(last + 1)""#))
        #expect(!next.contains(#"data-id="\#(last)""#))
    }

    /// Issue 32, 19: a window of a long list says where it is and links back.
    @Test func aLongListsWindowsSayWhereTheyAreAndLinkBothWays() throws {
        try store.add((1...1250).map { try Title("item \($0)") }, to: "long")
        let first = text(get("/\(token)/", query: [("list", "long")]))
        #expect(first.contains(#"<p id="range">Items 1–200 of 1,250</p>"#))
        #expect(!first.contains("Previous items"))
        // Item k of the list has ID k + 3 (camping holds 1-3) and key k.
        let second = text(
            get(
                "/\(token)/",
                query: [("list", "long"), ("from", "203"), ("key", "200"), ("after", "1")]))
        #expect(second.contains(#"<p id="range">Items 201–400 of 1,250</p>"#))
        #expect(second.contains(#"<a id="first" href="./?list=long&amp;listid="#))
        #expect(second.contains(#"">First items</a>"#))
        #expect(second.contains(#"&amp;from=204&amp;key=201&amp;before=1">Previous items</a>"#))
        #expect(second.contains(#"&amp;from=403&amp;key=400&amp;after=1">Next items</a>"#))
        let back = text(
            get(
                "/\(token)/",
                query: [("list", "long"), ("from", "204"), ("key", "201"), ("before", "1")]))
        #expect(back.contains(#"<p id="range">Items 1–200 of 1,250</p>"#))
        #expect(back.contains(#"data-id="203""#) && !back.contains(#"data-id="204""#))
        let last = text(
            get(
                "/\(token)/",
                query: [("list", "long"), ("from", "1203"), ("key", "1200"), ("after", "1")]))
        #expect(last.contains(#"<p id="range">Items 1,201–1,250 of 1,250</p>"#))
        #expect(!last.contains("Next items"))
        let short = text(get("/\(token)/", query: [("list", "default")]))
        #expect(!short.contains(#"id="range""#))
    }

    @Test func theChangeMarkMovesWithEveryChangeFromAnywhere() throws {
        let start = try server.changeMark()
        #expect(post("toggle", "id=1&to=checked", json: true).status == 200)
        let afterTap = try server.changeMark()
        #expect(afterTap != start)
        // Another connection (the command line) changing the file moves it too.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("c.db").path
        let location = try DatabaseLocation.resolve(explicitPath: path, environment: [:])
        let fileStore = try DatabaseOpener.openForWriting(location)
        try fileStore.add([try Title("Tent")], to: "camping")
        let onFile = PageServer(store: fileStore, list: "camping")
        let before = try onFile.changeMark()
        let other = try DatabaseOpener.openForWriting(location)
        try other.check(.ids(IDSet(ids: [1])))
        #expect(try onFile.changeMark() != before)
    }

    /// The list's length is counted again whenever something but a selection may have changed
    /// it: an item added through the page, or anything another connection did.
    @Test func theCountsFollowEveryKindOfChange() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let location = try DatabaseLocation.resolve(
            explicitPath: folder.appendingPathComponent("c.db").path, environment: [:])
        let fileStore = try DatabaseOpener.openForWriting(location)
        try fileStore.add([try Title("Tent")], to: "camping")
        let token = try fileStore.makePageLink()
        let pages = PageServer(store: fileStore, list: "camping")
        func counts() throws -> String {
            let state = try PageState.read(
                pages.respond(to: PageRequest(method: "GET", path: "/\(token)/state")))
            return "\(state.checked) of \(state.total)"
        }
        func post(_ action: String, _ body: String) {
            _ = pages.respond(
                to: PageRequest(
                    method: "POST", path: "/\(token)/\(action)",
                    headers: [
                        "Content-Type": "application/x-www-form-urlencoded",
                        "Accept": "application/json",
                    ],
                    body: Array(body.utf8)))
        }
        #expect(try counts() == "0 of 1")
        post("toggle", "id=1&to=checked")
        #expect(try counts() == "1 of 1")
        post("add", "title=Stove")
        #expect(try counts() == "1 of 2")
        let other = try DatabaseOpener.openForWriting(location)
        try other.add([try Title("Map")], to: "camping")
        #expect(try counts() == "1 of 3")
        try other.delete(.ids(IDSet(ids: [1])))
        #expect(try counts() == "0 of 2")
        post("toggle", "id=2&to=checked")
        try other.add([try Title("Lamp")], to: "camping")
        #expect(try counts() == "1 of 3")
    }

    /// Issue 48, 7: the link follows the list `serve` started with: renamed, a page opened
    /// afterwards (the link, a bookmark, a home-screen icon) shows it under its new name, as
    /// its state does; a list made only after `serve` started is followed from its first page.
    @Test func theLinkFollowsItsListWhenItIsRenamed() throws {
        _ = try store.renameList("camping", to: "trip")
        let page = get("/\(token)/")
        #expect(page.status == 200)
        #expect(text(page).contains("Tent") && text(page).contains("trip"), "\(text(page))")
        #expect(try PageState.read(get("/\(token)/state")).list == "trip")

        let later = PageServer(store: store, list: "groceries")
        let link = "/\(token)/"
        func open() -> PageResponse {
            later.respond(to: PageRequest(method: "GET", path: link, headers: ["Host": "h:1"]))
        }
        try store.add([try Title("Milk")], to: "groceries")
        #expect(text(open()).contains("Milk"))
        _ = try store.renameList("groceries", to: "shop")
        #expect(open().status == 200)
        #expect(text(open()).contains("Milk"))
    }

    /// Issue 48, 8: every control of a page carries its list's identity (Edit/Done, ✎, the
    /// pager, the redirect after a change without JavaScript), so after a rename elsewhere it
    /// leads to the list under its new name; a list that is really gone, or a name no list
    /// has, gives a page in the page's words with the list menu (not "no list named", which
    /// invited adding an item to create it).
    @Test func everyControlFollowsTheListByIdentityAndAGoneListGetsAPage() throws {
        let identity = try #require(
            text(get("/\(token)/")).firstMatch(of: #/data-list-id="([^"]+)"/#).map { String($0.1) })
        let encoded = FormBody.encode(identity)
        let editing = text(get("/\(token)/", query: [("list", "camping"), ("edit", "1")]))
        #expect(
            editing.contains(
                #"id="edit" class="button" href="./?list=camping&amp;listid=\#(encoded)""#),
            "\(editing)")
        #expect(
            editing.contains(
                #"href="./?list=camping&amp;listid=\#(encoded)&amp;edit=1&amp;rename=2""#))
        let saved = post("rename", "list=camping&listid=\(encoded)&edit=1&id=2&title=Camp+stove")
        #expect(
            saved.headers["Location"] == "./?list=camping&listid=\(encoded)&edit=1",
            "\(saved.headers)")

        _ = try store.renameList("camping", to: "trip")
        // The old page's Edit link, followed after the rename: the list under its new name.
        let followed = get(
            "/\(token)/", query: [("list", "camping"), ("listid", identity), ("edit", "1")])
        #expect(followed.status == 200 && text(followed).contains(#"data-list="trip""#))
        #expect(text(followed).contains("Camp stove"))

        _ = try store.deleteList(named: "trip", withItems: true)
        try store.add([try Title("Milk")], to: "groceries")
        for query in [[("list", "trip"), ("listid", identity)], [("list", "nowhere")]] {
            let gone = get("/\(token)/", query: query)
            let page = text(gone)
            #expect(gone.status == 410 || gone.status == 404, "\(gone.status)")
            #expect(gone.headers["Content-Type"]?.hasPrefix("text/html") == true, "\(page)")
            #expect(page.contains(#"<option value="groceries">groceries</option>"#), "\(page)")
            #expect(!page.contains("no list named") && !page.contains("add an item"), "\(page)")
        }
        #expect(
            text(get("/\(token)/", query: [("list", "trip"), ("listid", identity)])).contains(
                "The list “trip” was deleted elsewhere. Choose another list."))
        #expect(
            text(get("/\(token)/", query: [("list", "nowhere")])).contains(
                "There is no list “nowhere” here. Choose a list."))
        #expect(try store.lists().map(\.name.text) == ["groceries"], "nothing was created")
    }

    /// Issue 32, 7: the page follows its list by identity. Renamed elsewhere, a tap, an add and
    /// the state go to the list under its new name; deleted, they are refused (410) and
    /// nothing recreates the list under its old name.
    @Test func thePageFollowsItsListByIdentityAndNeverRecreatesIt() throws {
        let page = text(get("/\(token)/"))
        let identity = try #require(
            page.firstMatch(of: #/data-list-id="([^"]+)"/#).map { String($0.1) })
        #expect(page.contains(#"<input type="hidden" name="listid" value="\#(identity)">"#))
        _ = try store.renameList("camping", to: "camp")
        let encoded = FormBody.encode(identity)
        #expect(post("add", "title=Rope&list=camping&listid=\(encoded)", json: true).status == 200)
        #expect(
            try store.items(in: .list("camp")).map(\.title) == ["Tent", "Stove", "Map", "Rope"])
        #expect(try !store.lists().contains { $0.name == "camping" }, "no new list named camping")
        let state = try PageState.read(
            get("/\(token)/state", query: [("list", "camping"), ("listid", identity)]))
        #expect(state.list == "camp" && state.listId == identity, "\(state)")
        #expect(
            post("toggle", "id=1&to=checked&list=camping&listid=\(encoded)", json: true).status
                == 200)

        _ = try store.deleteList(named: "camp", withItems: true)
        let add = post("add", "title=Tarp&list=camp&listid=\(encoded)", json: true)
        #expect(add.status == 410)
        #expect(
            try JSONDecoder().decode(PageFailure.self, from: Data(add.body))
                == PageFailure(
                    error: "the list \"camp\" was deleted elsewhere; nothing changed (choose a list"
                        + " from the menu)", gone: true, lists: []))
        #expect(try store.lists().isEmpty, "nothing recreated the list")
        #expect(
            get("/\(token)/state", query: [("list", "camp"), ("listid", identity)]).status == 410)
        // A new list under the old name is another list: the page's identity does not name it.
        try store.add([try Title("Fresh")], to: "camp")
        #expect(post("add", "title=Tarp&list=camp&listid=\(encoded)", json: true).status == 410)
        #expect(try store.items(in: .list("camp")).map(\.title) == ["Fresh"])
    }

    /// Issue 32, 8: the state the page reads and is pushed names every list as it is now, so
    /// the menu follows lists added and renamed elsewhere.
    @Test func theStateNamesTheListsAsTheyAreNow() throws {
        try store.add([try Title("Milk")], to: "groceries")
        let state = try PageState.read(get("/\(token)/state", query: [("list", "camping")]))
        #expect(state.lists == ["camping", "groceries"])
        _ = try store.renameList("groceries", to: "food")
        let pushed = try #require(server.pushedState(list: "camping"))
        #expect(try PageState.read(pushed.json).lists == ["camping", "food"])
    }

    /// What the live updates push: the list's first window, at the current change mark; nothing
    /// for a list that does not exist.
    @Test func thePushedStateIsTheListsFirstWindowAtTheMark() throws {
        try store.check(.ids(IDSet(ids: [2])))
        let pushed = try #require(server.pushedState(list: "camping"))
        #expect(pushed.mark == (try server.changeMark()))
        let state = try PageState.read(pushed.json)
        #expect(state.list == "camping" && state.listId.hasPrefix("1."))
        #expect(state.mode == "multiple" && state.checked == 1 && state.total == 3)
        #expect(
            state.rows[1]
                == PageState.Row(
                    EditorRow(
                        id: 2, title: "Stove", isSelected: true, sortKey: 2,
                        more: ItemField.defaults)))
        #expect(state.mark == pushed.mark && !state.more && state.undone == nil)
        #expect(server.pushedState(list: "nope") == nil)
        #expect(
            try server.pushedState(list: nil).map { try PageState.read($0.json).list } == "camping")
    }

    @Test func concurrentTapsAreAllStored() async throws {
        try store.add((1...60).map { try Title("extra \($0)") }, to: "camping")
        let server = self.server
        let token = self.token
        await withTaskGroup(of: Void.self) { group in
            for id in 4...63 {
                group.addTask {
                    _ = server.respond(
                        to: PageRequest(
                            method: "POST", path: "/\(token)/toggle",
                            headers: [
                                "Content-Type": "application/x-www-form-urlencoded",
                                "Accept": "application/json",
                            ], body: Array("id=\(id)&to=checked".utf8)))
                }
            }
        }
        #expect(try checked() == Array(4...63))
        #expect(try store.history().count == 50)  // the journal keeps fifty: each tap one change
    }

    // MARK: - The link across restarts, and the link's header

    /// A request as a browser sends it; `header`: the secret in the link's header, as the
    /// page's script sends it.
    private func request(
        _ path: String, method: String = "GET", header: String? = nil, body: String = "",
        accept: String = "application/json"
    ) -> PageResponse {
        var headers = ["Host": "h:1"]
        if let header { headers["X-Checklist-Link"] = header }
        if method == "POST" {
            headers["Origin"] = "http://h:1"
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["Accept"] = accept
        }
        return server.respond(
            to: PageRequest(method: method, path: path, headers: headers, body: Array(body.utf8)))
    }

    /// Issue 32, 13: installable. The icon, the manifest and the service worker are the same
    /// for every server and need no link (a browser asks for /favicon.ico and the manifest
    /// without the link's header); the page names them, and its policy lets them load.
    @Test func theIconManifestAndServiceWorkerAreServedWithoutTheLink() throws {
        try unchanged {
            for (path, type) in [
                ("/favicon.ico", "image/png"), ("/icon-192.png", "image/png"),
                ("/icon-512.png", "image/png"), ("/icon.svg", "image/svg+xml"),
                ("/manifest.webmanifest", "application/manifest+json"),
                ("/sw.js", "text/javascript; charset=utf-8"),
            ] {
                let answer = request(path)
                #expect(answer.status == 200, "\(path)")
                #expect(answer.headers["Content-Type"] == type, "\(path)")
                #expect(answer.headers["X-Content-Type-Options"] == "nosniff", "\(path)")
            }
            #expect(request("/icon.svg", method: "POST").status == 404)
        }
        let png = request("/icon-192.png").body
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(Array(png[16..<24]) == [0, 0, 0, 192, 0, 0, 0, 192])
        let manifest = try #require(
            try JSONSerialization.jsonObject(with: Data(request("/manifest.webmanifest").body))
                as? [String: Any])
        #expect(manifest["start_url"] as? String == "/")
        let icons = try #require(manifest["icons"] as? [[String: String]])
        #expect(icons.map { $0["sizes"] } == ["any", "192x192", "512x512"])
        for icon in icons { #expect(request(icon["src"] ?? "").status == 200) }
        let page = get("/\(token)/")
        let html = text(page)
        #expect(html.contains(#"<link rel="manifest" href="/manifest.webmanifest">"#))
        #expect(html.contains(#"<link rel="icon" href="/icon.svg" type="image/svg+xml">"#))
        let policy = try #require(page.headers["Content-Security-Policy"])
        #expect(policy.contains("img-src 'self'"))
        #expect(policy.contains("manifest-src 'self'"))
        #expect(policy.contains("worker-src 'self'"))
        #expect(
            text(get("/page.js")).contains(#"navigator.serviceWorker.register("/sw.js")"#))
    }

    /// The icons are the PNG files beside `icon.svg`, each of the size its name says (its
    /// header's width and height), served as they are. (Chromium decodes them and finds the
    /// page installable: `Tests/browser/test_page.py`.)
    @Test func theIconsArePNGFilesOfTheirSizes() {
        for (path, size) in [("/icon-32.png", 32), ("/icon-192.png", 192), ("/icon-512.png", 512)] {
            let png = get(path).body
            #expect(png.prefix(8) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "\(path)")
            let width = png[16..<20].reduce(0) { $0 << 8 | Int($1) }
            let height = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
            #expect(width == size && height == size, "\(path)")
            #expect(png.count < 4096, "\(path): \(png.count) bytes")
        }
        #expect(get("/favicon.ico").body == get("/icon-32.png").body)
    }

    @Test func aServerOverTheSameDatabaseAnswersToTheSameLink() {
        // A restart of serve: a new server over the database the link was made in.
        let restarted = PageServer(store: store, list: "camping")
        let page = restarted.respond(
            to: PageRequest(method: "GET", path: "/\(token)/", headers: ["Host": "h:1"]))
        #expect(page.status == 200)
    }

    @Test func aNewLinkMakesTheOldOne404AtOnce() throws {
        #expect(request("/\(token)/").status == 200)
        let new = try store.makePageLink()
        server.refreshLinks()  // as the store's thread does when the signal moves
        #expect(request("/\(token)/").status == 404)
        #expect(request("/\(token)/state").status == 404)
        #expect(request("/\(new)/").status == 200)
        try unchanged {
            #expect(
                request("/\(token)/toggle", method: "POST", body: "id=1&to=checked").status == 404)
        }
    }

    @Test func aLinkReplacedByAnotherProcessIs404AtOnce() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let location = try DatabaseLocation.resolve(
            explicitPath: folder.appendingPathComponent("c.db").path, environment: [:])
        let fileStore = try DatabaseOpener.openForWriting(location)
        try fileStore.add([try Title("Tent")], to: "camping")
        let old = try fileStore.makePageLink()
        let pages = PageServer(store: fileStore, list: "camping")
        func status(_ secret: String) -> Int {
            pages.respond(
                to: PageRequest(method: "GET", path: "/\(secret)/", headers: ["Host": "h:1"])
            )
            .status
        }
        #expect(status(old) == 200)
        let new = try DatabaseOpener.openForWriting(location).makePageLink()
        pages.refreshLinks()  // the store's thread: the file's data_version moved
        #expect(status(old) == 404)
        #expect(status(new) == 200)
    }

    /// Issue 48, 4: no answer sets a cookie (a browser sends a host's cookies to every port of
    /// the host, so another service on the machine would be sent the secret), and a cookie
    /// holding the secret opens nothing.
    @Test func noAnswerSetsACookieAndACookieOpensNothing() throws {
        for path in ["/\(token)/", "/\(token)/state", "/\(token)/?list=camping", "/"] {
            #expect(request(path).headers["Set-Cookie"] == nil, "\(path)")
        }
        try unchanged {
            for cookie in [
                "checklist=\(token)", "checklist-1=\(token)", "x-checklist-link=\(token)",
            ] {
                let headers = ["Host": "h:1", "Cookie": cookie]
                for path in ["/state", "/events"] {
                    let answer = server.respond(
                        to: PageRequest(method: "GET", path: path, headers: headers))
                    #expect(answer.status == 404, "\(path)")
                }
                let page = server.respond(
                    to: PageRequest(method: "GET", path: "/", headers: headers))
                #expect(page.body == PageBoot.html, "the clean address is the public page")
            }
        }
    }

    @Test func theHeaderOpensThePageAndItsRequestsWithoutTheSecretInThePath() throws {
        let page = request("/", header: token)
        #expect(page.status == 200)
        #expect(text(page).contains(#"<ul id="rows" aria-label="Items of camping">"#))
        #expect(page.headers["Vary"] == "X-Checklist-Link")
        #expect(request("/state", header: token).status == 200)
        #expect(
            request("/toggle", method: "POST", header: token, body: "id=1&to=checked").status == 200
        )
        #expect(try checked() == [1])
        // A browser's socket sends no header of the page's: its path holds the secret.
        let events = PageRequest(
            method: "GET", path: "/\(token)/events", headers: ["Host": "h:1"])
        #expect(server.eventsLink(of: events) == PageLink.hash(ofSecret: token))
    }

    /// The clean address without the header (a reload, a bookmark, a home-screen icon): the
    /// public page whose script reads the page with the kept secret; the same bytes for every
    /// request, holding nothing of a list's, under the page's policy.
    @Test func theCleanAddressWithoutTheHeaderIsThePublicBootPage() throws {
        try unchanged {
            for query in [[], [("list", "camping")], [("list", "nothing"), ("edit", "1")]] {
                let answer = server.respond(
                    to: PageRequest(
                        method: "GET", path: "/", query: query, headers: ["Host": "h:1"]))
                #expect(answer.status == 200)
                #expect(answer.body == PageBoot.html)
                #expect(answer.headers["Content-Type"] == "text/html; charset=utf-8")
                #expect(
                    answer.headers["Content-Security-Policy"]
                        == PageServer.contentSecurityPolicy(socketHost: "h:1"))
            }
        }
        let boot = text(request("/"))
        #expect(!boot.contains("camping") && !boot.contains("Tent"))
        #expect(boot.contains(#"<script src="/boot.js" defer></script>"#))
        let script = request("/boot.js")
        #expect(script.status == 200 && script.body == PageBoot.javaScript)
        #expect(
            text(script).contains("X-Checklist-Link") && !text(script).contains("document.cookie"))
    }

    @Test func withoutTheLinksSecretTheCleanPathsAre404() throws {
        try unchanged {
            for path in ["/state", "/events", "/x"] {
                #expect(request(path).status == 404)
                #expect(request(path, header: String(repeating: "0", count: 32)).status == 404)
            }
            #expect(request("/", header: String(repeating: "0", count: 32)).status == 404)
            #expect(request("/toggle", method: "POST", body: "id=1&to=checked").status == 404)
            #expect(
                request("/toggle", method: "POST", header: "x", body: "id=1&to=checked").status
                    == 404)
        }
        let events = PageRequest(method: "GET", path: "/events", headers: ["Host": "h:1"])
        #expect(server.eventsLink(of: events) == nil)
        #expect(text(request("/state")) == "not found\n")
    }

    @Test func anOldLinkIs404EvenWithAGoodHeader() throws {
        let new = try store.makePageLink()
        server.refreshLinks()  // as the store's thread does when the signal moves
        #expect(request("/\(token)/", header: new).status == 404)
        #expect(request("/\(new)/", header: new).status == 200)
    }

    @Test func aPageWhoseLinkWasReplacedIsToldSo() throws {
        _ = try store.makePageLink()
        server.refreshLinks()  // as the store's thread does when the signal moves
        let answer = request("/state", header: token)
        #expect(answer.status == 404)
        #expect(answer.headers["Content-Type"] == "text/plain; charset=utf-8")
        #expect(
            text(answer)
                == "This page's link was replaced, so it no longer opens the list. Ask the person"
                + " who shares the list for the new link (checklist serve --new-link prints one).\n"
        )
        // Without the header, a replaced link's path learns nothing.
        #expect(text(request("/\(token)/")) == "not found\n")
    }

    @Test func thePagesScriptTakesTheSecretOutOfTheAddressBar() {
        let script = text(request("/page.js"))
        #expect(script.contains("history.replaceState"))
        #expect(script.contains("checklist serve --new-link"))
        #expect(script.contains("X-Checklist-Link") && !script.contains("document.cookie"))
    }

    // MARK: - Issue 32, 10: a link of a person's own

    /// A POST through the link whose secret is `secret`, as the page's script sends it.
    private func post(as secret: String, _ action: String, _ body: String) -> PageResponse {
        server.respond(
            to: PageRequest(
                method: "POST", path: "/\(secret)/\(action)",
                headers: [
                    "Host": "h:1", "Origin": "http://h:1", "Accept": "application/json",
                    "Content-Type": "application/x-www-form-urlencoded",
                ], body: Array(body.utf8)))
    }

    @Test func aTapThroughAPersonsLinkIsThatPersonsChange() throws {
        let ana = try store.makePageLink(for: "ana")
        server.refreshLinks()  // as the store's thread does when the signal moves
        #expect(post(as: ana, "toggle", "id=1&to=checked").status == 200)
        #expect(try store.history().first?.author == "ana")
        #expect(post(as: token, "toggle", "id=2&to=checked").status == 200)
        #expect(try store.history().first?.author == store.author, "the plain link: as before")
        #expect(try checked() == [1, 2])
    }

    @Test func aPersonsLinkAndThePlainOneLiveSideBySide() throws {
        let ana = try store.makePageLink(for: "ana")
        let ben = try store.makePageLink(for: "ben")
        server.refreshLinks()  // as the store's thread does when the signal moves
        #expect(Set(try store.pageLinks().map(\.person)) == ["", "ana", "ben"])
        let newAna = try store.makePageLink(for: "ana")
        server.refreshLinks()  // as the store's thread does when the signal moves
        #expect(request("/\(ana)/").status == 404, "ana's old link")
        for secret in [token, ben, newAna] { #expect(request("/\(secret)/").status == 200) }
    }

    /// Issue 48, 11: every page offers Undo of its author's newest change; the plain link's
    /// author is the serving user.
    @Test func everyPageOffersUndoOfItsAuthorsNewestChange() throws {
        let ana = try store.makePageLink(for: "ana")
        server.refreshLinks()  // as the store's thread does when the signal moves
        let page = text(request("/\(ana)/"))
        #expect(page.contains(#"<form id="undo-form" method="post" action="undo">"#))
        #expect(page.contains("Your changes are recorded as <bdi>ana</bdi>"))
        let plain = text(request("/\(token)/"))
        #expect(plain.contains(#"<form id="undo-form" method="post" action="undo">"#))
        #expect(!plain.contains("Your changes are recorded as"))
        // A mistaken Delete (of the checked Stove) on the phone is undone there.
        try store.check(.ids(IDSet(ids: [2])))
        #expect(post(as: token, "delete", "list=camping&ids=2&confirm=yes").status == 200)
        #expect(try store.items(in: .all).map(\.title) == ["Tent", "Map"])
        let undone = post(as: token, "undo", "list=camping")
        #expect(undone.status == 200, "\(text(undone))")
        #expect(try store.items(in: .all).map(\.title) == ["Tent", "Stove", "Map"])
    }

    /// Issue 48, 5: a page opened with ana's link sends whose it is; a change that names ana but
    /// comes with ben's secret is refused, not recorded as ben's. A form without the script
    /// sends no name and goes as before.
    @Test func aPageOpenedWithOnePersonsLinkNeverActsAsAnother() throws {
        let ben = try store.makePageLink(for: "ben")
        server.refreshLinks()  // as the store's thread does when the signal moves
        try unchanged {
            let refused = post(as: ben, "toggle", "id=1&to=checked&person=ana")
            #expect(refused.status == 409)
            let failure = try JSONDecoder().decode(PageFailure.self, from: Data(refused.body))
            #expect(
                failure.error
                    == "this page was opened with ana's link, but it sent ben's; nothing changed"
                    + " (open your own link again)")
            #expect(post(as: token, "undo", "person=ana").status == 409)
        }
        #expect(post(as: ben, "toggle", "id=1&to=checked&person=ben").status == 200)
        #expect(post(as: ben, "toggle", "id=2&to=checked").status == 200)
        #expect(try store.history().prefix(2).map(\.author) == ["ben", "ben"])
    }

    /// Issue 48, 10: a refusal in the page's words, not the command line's.
    @Test func anUndoRefusedIsToldInThePagesWords() throws {
        let ana = try store.makePageLink(for: "ana")
        server.refreshLinks()  // as the store's thread does when the signal moves
        #expect(post(as: ana, "toggle", "id=1&to=checked").status == 200)
        _ = try store.actingAs("ben").uncheck(.ids(IDSet(ids: [1])))
        let refused = post(as: ana, "undo", "list=camping")
        #expect(refused.status == 409)
        let failure = try JSONDecoder().decode(PageFailure.self, from: Data(refused.body))
        #expect(
            failure.error
                == "ben changed the same items after you (unchecked 1 item (ID 1)); nothing was"
                + " undone", "\(failure)")
        #expect(!failure.error.contains("checklist") && !failure.error.contains("--"))
    }

    @Test func aPersonsUndoRevertsTheirOwnNewestChangeOnly() throws {
        let ana = try store.makePageLink(for: "ana")
        let ben = try store.makePageLink(for: "ben")
        server.refreshLinks()  // as the store's thread does when the signal moves
        #expect(post(as: ana, "toggle", "id=1&to=checked").status == 200)
        #expect(post(as: ben, "toggle", "id=2&to=checked").status == 200)
        let undone = post(as: ana, "undo", "list=camping")
        #expect(undone.status == 200)
        let state = try PageState.read(undone)
        #expect(state.checked == 1 && state.total == 3)
        #expect(state.undone == "checked 1 item (ID 1)")
        #expect(try checked() == [2], "ben's tap stays")
    }

    @Test func aPersonsUndoIsRefusedWhenSomeoneElseChangedTheSameItemsSince() throws {
        let ana = try store.makePageLink(for: "ana")
        let ben = try store.makePageLink(for: "ben")
        server.refreshLinks()  // as the store's thread does when the signal moves
        #expect(post(as: ana, "toggle", "id=1&to=checked").status == 200)
        #expect(post(as: ben, "toggle", "id=1&to=unchecked").status == 200)
        try unchanged {
            let refused = post(as: ana, "undo", "list=camping")
            #expect(refused.status == 409)
            #expect(text(refused).contains("ben"), "\(text(refused))")
        }
    }
}

extension PageState {
    /// The state a response or a push carries, as the page's script reads it.
    static func read(_ response: PageResponse) throws -> PageState {
        try JSONDecoder().decode(PageState.self, from: Data(response.body))
    }

    static func read(_ json: String) throws -> PageState {
        try JSONDecoder().decode(PageState.self, from: Data(json.utf8))
    }
}
