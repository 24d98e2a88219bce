import ChecklistCore

extension EditorState {
    /// Applies an event; returns the effects to perform, in order.
    public mutating func handle(_ event: EditorEvent) -> [EditorEffect] {
        switch event {
        case .key(let key):
            return handle(key)
        case .resized(let rows, _):
            bodyHeight = max(rows - 2, 1)
            normalizeViewport()
            return [.load(reloadQuery)]
        case .loaded(let page):
            show(page)
            return []
        case .changed(let focus, let note):
            message = note
            if let focus { return [.load(query(.item(focus, sortKey: Int64.max)))] }
            return [.load(reloadQuery)]
        case .failed(let line):
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
            return [.load(reloadQuery)]
        }
    }

    /// Takes a freshly read window; the cursor lands on the anchor's row.
    private mutating func show(_ page: EditorPage) {
        guard page.list == list else { return }
        if !page.listExists && self.page.listExists && list != ListName.defaultList.text {
            message = "the list \"\(list)\" no longer exists"
        }
        self.page = page
        cursor = page.anchorIndex
        normalizeViewport()
    }

    private mutating func handle(_ key: EditorKey) -> [EditorEffect] {
        if showsHelp {
            showsHelp = false
            return []
        }
        if let prompt { return handle(key, in: prompt) }
        message = nil
        switch key {
        case .character("j"), .down: return moveCursor(by: 1)
        case .character("k"), .up: return moveCursor(by: -1)
        case .pageDown: return moveCursor(by: max(bodyHeight, 1), keepsLine: true)
        case .pageUp: return moveCursor(by: -max(bodyHeight, 1), keepsLine: true)
        case .character("g"), .home:
            cursorLine = 0
            return [.load(query(.first))]
        case .character("G"), .end:
            cursorLine = bodyHeight - 1
            return [.load(query(.last))]
        case .character(" "): return toggleCursorItem()
        case .character("a"): return [.write(.checkShown(list: list, filter: filter))]
        case .character("n"): return [.write(.uncheckShown(list: list, filter: filter))]
        case .character("i"): return [.write(.invertShown(list: list, filter: filter))]
        case .character("d"):
            guard deletableCount > 0 else {
                message = "Delete (0): no checked item is shown"
                return []
            }
            return [.countDeletion(list: list, filter: filter)]
        case .character("u"): return [.write(.undo)]
        case .character("/"):
            prompt = .filter(filter?.text ?? "")
            return []
        case .character("o"):
            prompt = .add("")
            return []
        case .character("r"):
            if let row = cursorRow { prompt = .rename(row.id, row.title) }
            return []
        case .character("J"): return moveCursorItem(down: true)
        case .character("K"): return moveCursorItem(down: false)
        case .tab: return switchList(by: 1)
        case .backTab: return switchList(by: -1)
        case .character("?"):
            showsHelp = true
            return []
        case .character("q"): return [.quit(0)]
        case .escape:
            guard filter != nil else { return [.quit(0)] }
            filter = nil
            return [.load(reloadQuery)]
        default: return []
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

    private func toggleCursorItem() -> [EditorEffect] {
        guard let row = cursorRow else { return [] }
        return [.write(page.mode == .single ? .choose(row.id) : .toggle(row.id))]
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
        filter = nil
        cursor = nil
        cursorLine = 0
        return [.load(query(.first))]
    }

    private mutating func handle(_ key: EditorKey, in prompt: EditorPrompt) -> [EditorEffect] {
        if case .confirmDelete(let ids) = prompt {
            self.prompt = nil
            guard key == .character("y") || key == .character("Y") else {
                message = "nothing deleted"
                return []
            }
            return [.write(.deleteChecked(ids, list: list))]
        }
        switch key {
        case .escape:
            self.prompt = nil
            if case .filter = prompt {
                filter = nil
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
            filter = text.isEmpty ? nil : EditorFilter(text)
            return [.load(reloadQuery)]
        case .add(var text):
            change(&text)
            self.prompt = .add(text)
        case .rename(let id, var text):
            change(&text)
            self.prompt = .rename(id, text)
        case .confirmDelete:
            break
        }
        return []
    }

    private mutating func submit(_ prompt: EditorPrompt) -> [EditorEffect] {
        switch prompt {
        case .filter(let text):
            // Enter keeps the filter as typed; an empty one is no filter.
            filter = text.isEmpty ? nil : EditorFilter(text)
            return []
        case .add(let text):
            return text.isEmpty ? [] : [.write(.add(text, list: list))]
        case .rename(let id, let text):
            return [.write(.rename(id, text))]
        case .confirmDelete:
            return []
        }
    }
}
