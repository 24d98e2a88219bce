import ChecklistModel

extension EditorState {
    /// Applies an event; returns the effects to perform, in order.
    public mutating func handle(_ event: EditorEvent) -> [EditorEffect] {
        switch event {
        case .key(let key):
            return handle(key)
        case .resized(let rows, let columns):
            bodyHeight = max(rows - 2, 1)
            self.columns = columns
            normalizeViewport()
            return [.load(reloadQuery)]
        case .loaded(let page):
            show(page)
            return []
        case .changed(let focus, let note):
            isWorking = false
            ranksAreStale = true
            message = note
            shownCounting = nil
            if let focus { return [.load(query(.item(focus, sortKey: Int64.max)))] }
            return [.load(reloadQuery)]
        case .failed(let line):
            isWorking = false
            message = line
            return []
        case .deletionCounted(let ids):
            if ids.isEmpty {
                message = "nothing to delete: no checked item is shown"
            } else {
                prompt = .confirmDelete(ids)
            }
            return []
        case .externalChange:
            shownCounting = nil
            ranksAreStale = true
            return [.load(reloadQuery)] + findMarksAfterChange()
        case .countedBefore(let place, let count):
            if filter == nil, page.rows.first?.place == place { firstRowRank = count }
            return []
        case .shownIDsRead(let ids):
            markAll(ids)
            return []
        case .marksFound(let asked, let kept, let finishing):
            return takeFoundMarks(asked: asked, kept: kept, finishing: finishing)
        case .readMore(let scan, let run):
            takeMore(run, of: scan)
            return []
        case .countedPart(let scan, let part):
            takeCount(part, of: scan)
            return []
        }
    }

    /// Takes a freshly read window; the cursor lands on the anchor's row.
    private mutating func show(_ page: EditorPage) {
        // A page of another list (one left with Tab) is stale. Once read, the list is known
        // by its ID: a page of that ID may carry a new name, given by another process.
        if let listIdentity {
            if page.listExists ? page.listIdentity != listIdentity : page.list != list { return }
        } else if page.list != list {
            return
        }
        if page.listExists {
            if listIdentity != nil && page.list != list {
                message = "the list \"\(list)\" is now \"\(page.list)\""
            }
            list = page.list
            listIdentity = page.listIdentity
            listIsGone = false
        } else if listIdentity != nil && !listIsGone {
            message = goneListMessage
            listIsGone = true
        }
        firstRowRank = rank(of: page, after: self.page)
        ranksAreStale = false
        self.page = page
        cursor = page.anchorIndex
        keepCounting()
        normalizeViewport()
    }

    /// Where `page`'s first row is in the list, when that is known without a count: at the
    /// start or the end of the list, or from the window before it when the two overlap and
    /// nothing changed since; else nil (counted between keys, `idleEffect`).
    private func rank(of page: EditorPage, after previous: EditorPage) -> Int? {
        guard filter == nil, page.listExists, let first = page.rows.first else { return nil }
        if !page.hasRowsBefore { return 0 }
        if !page.hasRowsAfter { return page.counts.total - page.rows.count }
        guard !ranksAreStale, let previousRank = firstRowRank,
            previous.listIdentity == page.listIdentity, let old = previous.rows.first
        else { return nil }
        if let index = previous.rows.firstIndex(where: { $0.id == first.id }) {
            return previousRank + index
        }
        if let index = page.rows.firstIndex(where: { $0.id == old.id }) {
            return previousRank - index
        }
        return nil
    }

    private mutating func handle(_ key: EditorKey) -> [EditorEffect] {
        if showsHelp { return scrollHelp(key) }
        if let prompt { return handle(key, in: prompt) }
        message = nil
        guard let action = EditorKeymap.action(for: key, picking: picking?.purpose) else {
            return []
        }
        if let readOnlyReason, action.changesData {
            message = readOnlyReason
            return []
        }
        return perform(action)
    }

    /// What a key of the keymap does (`EditorKeymap`, which also writes the help and hints).
    private mutating func perform(_ action: EditorAction) -> [EditorEffect] {
        switch action {
        case .down: return moveCursor(by: 1)
        case .up: return moveCursor(by: -1)
        case .pageDown: return moveCursor(by: max(bodyHeight, 1), keepsLine: true)
        case .pageUp: return moveCursor(by: -max(bodyHeight, 1), keepsLine: true)
        case .first:
            cursorLine = 0
            return [.load(query(.first))]
        case .last:
            cursorLine = bodyHeight - 1
            return [.load(query(.last))]
        case .toggle: return toggleCursorItem()
        case .checkAll: return [.write(.checkShown(list: list, filter: filter))]
        case .uncheckAll: return [.write(.uncheckShown(list: list, filter: filter))]
        case .invert: return [.write(.invertShown(list: list, filter: filter))]
        case .delete:
            guard deletableCount != 0 else {
                message = "Delete (0): no checked item is shown"
                return []
            }
            return [.countDeletion(list: list, filter: filter)]
        case .undo:
            guard let listIdentity else {
                message = "nothing of yours to undo on this list"
                return []
            }
            message = "undoing your newest change to this list…"
            isWorking = true
            return [.write(.undo(listIdentity))]
        case .filter:
            prompt = .filter(filter?.text ?? "")
            return []
        case .add:
            if listIsGone { return refuseAddingToGoneList() }
            prompt = .add("")
            return []
        case .rename:
            if let row = cursorRow { prompt = .rename(row.id, row.title) }
            return []
        case .setField(let index):
            if let row = cursorRow {
                let value = index < row.more.count ? row.more[index] : ItemField.defaults[index]
                prompt = .field(row.id, index, value)
            }
            return []
        case .moveDown: return moveCursorItem(down: true)
        case .moveUp: return moveCursorItem(down: false)
        case .nextList: return switchList(by: 1)
        case .previousList: return switchList(by: -1)
        case .help:
            showsHelp = true
            helpOffset = 0
            return []
        case .quit: return [.quit(0)]
        case .back:
            guard filter != nil else { return [.quit(0)] }
            filter = typedFilter("")
            return [.load(reloadQuery)]
        case .mark, .markAll, .clearMarks, .choose, .cancel:
            return performPicking(action)
        }
    }

    /// Moves the cursor within the window; reads a new window around it once it nears an
    /// edge with more rows beyond.
    private mutating func moveCursor(by offset: Int, keepsLine: Bool = false) -> [EditorEffect] {
        guard let cursor else { return [] }
        let target = min(max(cursor + offset, 0), page.rows.count - 1)
        if !keepsLine { cursorLine += target - cursor }
        self.cursor = target
        normalizeViewport()
        let margin = max(bodyHeight, 1)
        let nearStart = page.hasRowsBefore && target < margin
        let nearEnd = page.hasRowsAfter && page.rows.count - 1 - target < margin
        return nearStart || nearEnd ? [.load(reloadQuery)] : []
    }

    private mutating func toggleCursorItem() -> [EditorEffect] {
        guard let row = cursorRow else { return [] }
        if page.mode == .single && row.isSelected {
            message = "\(row.id) is already the choice; n clears it"
            return []
        }
        return [.write(page.mode == .single ? .choose(row.id) : .toggle(row.id))]
    }

    /// `o` on a list deleted by another process would create it again: refused, as said.
    private mutating func refuseAddingToGoneList() -> [EditorEffect] {
        message = goneListMessage
        return []
    }

    private var goneListMessage: String {
        "the list \"\(list)\" was deleted; Tab goes to another list"
    }

    /// In the help: moving keys scroll it when it does not fit; any other key goes back.
    private mutating func scrollHelp(_ key: EditorKey) -> [EditorEffect] {
        let lineCount = EditorScreen.helpLines(columns: columns, picking: picking?.purpose).count
        let height = EditorScreen.helpPageSize(height: max(bodyHeight, 1), lineCount: lineCount)
        let last = max(lineCount - height, 0)
        switch key {
        case .character("j"), .down: helpOffset = min(helpOffset + 1, last)
        case .character("k"), .up: helpOffset = max(helpOffset - 1, 0)
        case .pageDown, .character(" "): helpOffset = min(helpOffset + height, last)
        case .pageUp: helpOffset = max(helpOffset - height, 0)
        case .paste: break
        default: showsHelp = false
        }
        return []
    }

    /// `J`/`K`: one place among the items shown, past the next (previous) shown item.
    private mutating func moveCursorItem(down: Bool) -> [EditorEffect] {
        guard let cursor, let row = cursorRow else { return [] }
        let neighbour = cursor + (down ? 1 : -1)
        guard page.rows.indices.contains(neighbour) else { return [] }
        let other = page.rows[neighbour].id
        cursorLine += down ? 1 : -1
        return [.write(.move(row.id, to: down ? .after(other) : .before(other)))]
    }

    /// Tab/Shift-Tab: the next or previous list by name (the order of `checklist lists`);
    /// the filter is cleared and the cursor goes to the new list's first item.
    private mutating func switchList(by step: Int) -> [EditorEffect] {
        var names = page.lists
        if !names.contains(list) {
            names.append(list)
            names.sort()
        }
        guard names.count > 1, let index = names.firstIndex(of: list) else { return [] }
        list = names[(index + step + names.count) % names.count]
        listIdentity = nil
        listIsGone = false
        filter = typedFilter("")
        cursor = nil
        cursorLine = 0
        return [.load(query(.first))]
    }

    private mutating func handle(_ key: EditorKey, in prompt: EditorPrompt) -> [EditorEffect] {
        if case .confirmPick(let ids) = prompt {
            self.prompt = nil
            guard key == .character("y") || key == .character("Y") else {
                message = "nothing deleted"
                return []
            }
            return finishPicking(ids)
        }
        if case .confirmDelete(let ids) = prompt {
            self.prompt = nil
            guard key == .character("y") || key == .character("Y") else {
                message = "nothing deleted"
                return []
            }
            return [.write(.deleteChecked(ids, list: list))]
        }
        switch key {
        case .paste(let text):
            return paste(text, into: prompt)
        case .escape:
            self.prompt = nil
            if case .filter = prompt {
                filter = typedFilter("")
                return [.load(reloadQuery)]
            }
            return []
        case .enter:
            self.prompt = nil
            return submit(prompt)
        case .backspace:
            return edit(prompt) { text in
                if !text.isEmpty { text.removeLast() }
            }
        case .character(let character):
            return edit(prompt) { $0.append(character) }
        default:
            return []
        }
    }

    /// Changes the prompt's text; a filter applies at once, so the rows follow the typing.
    private mutating func edit(_ prompt: EditorPrompt, _ change: (inout String) -> Void)
        -> [EditorEffect]
    {
        switch prompt {
        case .filter(var text):
            change(&text)
            self.prompt = .filter(text)
            let old = filter
            filter = typedFilter(text)
            if filter == old || narrowWindow(from: old) { return [] }
            return [.load(reloadQuery)]
        case .add(var text):
            change(&text)
            self.prompt = .add(text)
        case .rename(let id, var text):
            change(&text)
            self.prompt = .rename(id, text)
        case .field(let id, let index, var text):
            change(&text)
            self.prompt = .field(id, index, text)
        case .confirmDelete, .confirmPick:
            break
        }
        return []
    }

    private mutating func submit(_ prompt: EditorPrompt) -> [EditorEffect] {
        switch prompt {
        case .filter(let text):
            // Enter keeps the filter as typed; an empty one is no filter.
            filter = typedFilter(text)
            return []
        case .add(let text):
            if listIsGone { return refuseAddingToGoneList() }
            return text.isEmpty ? [] : [.write(.add([text], list: list))]
        case .rename(let id, let text):
            return [.write(.rename(id, text))]
        case .field(let id, let index, let text):
            return [.write(.setField(id, index, text))]
        case .confirmDelete, .confirmPick:
            return []
        }
    }

    /// A paste into a prompt: into `o`, one item per non-blank line, in one change (the text
    /// typed before it joins the first line); into `r` and `/`, its line breaks become spaces.
    private mutating func paste(_ text: String, into prompt: EditorPrompt) -> [EditorEffect] {
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
            .map(String.init)
        if case .add(let typed) = prompt, lines.count > 1 {
            let titles = ([typed + lines[0]] + lines.dropFirst()).filter {
                !$0.allSatisfy(\.isWhitespace)
            }
            self.prompt = nil
            if listIsGone { return refuseAddingToGoneList() }
            return titles.isEmpty ? [] : [.write(.add(titles, list: list))]
        }
        let flat = lines.joined(separator: " ")
        return edit(prompt) { $0 += flat }
    }
}
