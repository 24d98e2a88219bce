import ChecklistCore
import ChecklistModel
import ChecklistTransfer
import Testing

/// Inputs written for these tests, each reproducing the structure of a real public checklist
/// that `import --lenient` was tried on (named in the test; none of its text is copied here).
@Suite struct RealChecklistShapesTests {
    @Test func issueTemplateWithFrontMatterAndSectionsWithoutTasks() throws {
        // Stands for Icinga/icinga2 .github/ISSUE_TEMPLATE/release.md: front matter with a
        // blank line before its closing ---, the tasks under a # heading, then ## and ###
        // sections of prose and * link bullets that hold no task.
        let text = """
            ---
            name: 'Release'
            about: Ship it

            ---

            # Workflow

            - [ ] Update `VERSION`
            - [ ] Tag (see https://example.com/tags)

            ## Dependencies

            ### Mirror

            Add the new builds to
            the mirror, e.g.:

            * https://example.com/a.exe
            * [doc](doc/a.md)
            """
        let result = try parse(text)
        #expect(
            try items(result) == [
                "Workflow|[ ] Update `VERSION`", "Workflow|[ ] Tag (see https://example.com/tags)",
            ])
        #expect(result.skipped.breakdown == "front matter 5, prose 2, plain bullet 2, heading 2")
    }

    @Test func koreanTemplateWithCRLFQuotesCommentsAndRules() throws {
        // Stands for Mom4U/Mom4U-BE-Spring .github/ISSUE_TEMPLATE/release.md: CRLF endings,
        // front matter, emoji ## headings ending in two spaces, a > note and an HTML comment
        // under each heading, --- rules between sections, plain bullets, Korean tasks.
        let text =
            [
                "---", "name: 배포", "---", "", "## 📦 개요  ", "> 요약을 쓰세요.  ", "> 예: v1", "",
                "<!-- 여기에 -->", "", "---", "", "## ⚠️ 체크리스트  ", "> 확인하세요.", "",
                "- [ ] 테스트 완료", "- [x] 버전 태그 (`v1.2.0`)", "", "<!-- 추가 -->", "", "---", "",
                "- 메모",
            ].joined(separator: "\r\n") + "\r\n"
        let result = try parse(text)
        #expect(try items(result) == ["⚠️ 체크리스트|[ ] 테스트 완료", "⚠️ 체크리스트|[x] 버전 태그 (`v1.2.0`)"])
        #expect(
            result.skipped.breakdown
                == "front matter 3, block quote 3, HTML 2, rule 2, plain bullet 1, heading 1")
    }

    @Test func numberedTasksRepeatingOneWithCodeInsideAnItem() throws {
        // Stands for Callum027/lego-certbot .github/ISSUE_TEMPLATE/release.md: tasks before any
        // heading, all numbered "1.", one holding an indented fenced command, titles holding
        // inline <placeholders>.
        let text = """
            Checklist:

            1. [ ] Set the milestone
            1. [ ] Get the changelog:
               ```bash
               $ git log v1..HEAD
               ```
            1. [ ] Create a pull request: <paste it here>
            """
        let result = try parse(text)
        #expect(
            try items(result) == [
                "-|[ ] Set the milestone", "-|[ ] Get the changelog:",
                "-|[ ] Create a pull request: <paste it here>",
            ])
        #expect(result.skipped.breakdown == "code 3, prose 1")
    }

    @Test func boldLinesAreNotHeadings() throws {
        // Stands for ddialar/voluntary-warehouse .github/ISSUE_TEMPLATE/release_template.md:
        // **Bold** paragraphs over each group of tasks; they are prose, so every task goes to
        // the current list.
        let text = "**New features**\n\n- [ ] Feature 1\n\n**Fixes**\n\n- [x] Fix 1\n- note\n"
        let result = try parse(text)
        #expect(try items(result) == ["-|[ ] Feature 1", "-|[x] Fix 1"])
        #expect(result.skipped.breakdown == "prose 2, plain bullet 1")
    }

    @Test func tasksShownAsACodeSampleAreNotTaken() throws {
        // Stands for MichaelCurrin/dev-cheatsheets cheatsheets/markdown/todo-list.md: the same
        // tasks once inside a ```markdown fence and once rendered.
        let text =
            "# Todo\n\n## Code\n\n```markdown\n- [ ] a\n- [x] b\n```\n\n## Result\n\n- [ ] a\n- [x] b\n"
        let result = try parse(text)
        #expect(try items(result) == ["Result|[ ] a", "Result|[x] b"])
        #expect(result.skipped.breakdown == "code 4, heading 2")
    }

    @Test func frontMatterHoldingListsIsNotRead() throws {
        // Stands for tsuji-tomonori/cornellnoteweb-docs-complete-docops
        // docs/6.受入テスト(AT)/51.リリースチェックリスト/AT-RCHK-001.md: YAML front matter with
        // `- '[[…]]'` list entries, then Japanese tasks and a dated plain bullet.
        let text =
            "---\nid: AT-1\nup:\n- '[[AT-REL]]'\n---\n\n## チェック項目\n- [ ] 全てPASS\n\n## 変更履歴\n- 2026-01-31: 初版\n"
        let result = try parse(text)
        #expect(try items(result) == ["チェック項目|[ ] 全てPASS"])
        #expect(result.skipped.breakdown == "front matter 5, plain bullet 1, heading 1")
    }

    @Test func aLegendWithAnUnknownMarkIsAPlainBullet() throws {
        // Stands for CaoMeiYouRen/momei docs/plan/todo.md: a status legend "- [ ] todo",
        // "- [x] done", "- [-] cancelled" (GitHub renders the last as text) and > notes.
        let text = "## 状态说明\n\n- [ ] 待办\n- [x] 已完成\n- [-] 已取消\n\n> **说明**: 见 backlog\n> 第二行\n"
        let result = try parse(text)
        #expect(try items(result) == ["状态说明|[ ] 待办", "状态说明|[x] 已完成"])
        #expect(result.skipped.breakdown == "block quote 2, plain bullet 1")
    }

    @Test func aRepeatedHeadingGathersItsTasksAndTablesAreSkipped() throws {
        // Stands for CaoMeiYouRen/momei docs/plan/todo-archive.md: each archived phase has a
        // "### 收口检查清单" of its own, tables of results and many plain bullets.
        let text = """
            ## 第一阶段
            | 项 | 状态 |
            |----|------|
            | A | ✅ |

            ### 收口检查清单
            - [x] 一
            - 说明

            ## 第二阶段
            ### 收口检查清单
            - [x] 二
            """
        let result = try parse(text)
        #expect(try items(result) == ["收口检查清单|[x] 一", "收口检查清单|[x] 二"])
        #expect(result.skipped.breakdown == "table 3, heading 2, plain bullet 1")
    }

    @Test func tasksRightUnderAParagraphAndATableOfImages() throws {
        // Stands for Mom4U/Mom4U-BE-Spring .github/PULL_REQUEST_TEMPLATE.md: an HTML comment
        // under each heading, an "예:" line directly followed by tasks (a list interrupts a
        // paragraph), and a Before/After table of images.
        let text = """
            ## 🧪 테스트 방법
            <!-- 작성해 주세요 -->
            예:
            - [ ] 성공 확인
            - [ ] 에러 확인

            ## 📷 스크린샷
            | Before | After |
            |--------|-------|
            | ![](a.png) | ![](b.png) |
            """
        let result = try parse(text)
        #expect(try items(result) == ["🧪 테스트 방법|[ ] 성공 확인", "🧪 테스트 방법|[ ] 에러 확인"])
        #expect(result.skipped.breakdown == "table 3, prose 1, HTML 1, heading 1")
    }

    @Test func tasksUnderPlainItemsGetNoPrefix() throws {
        // Stands for Kbediako/CO .agent/task/templates/tasks-template.md: each task sits under
        // plain numbered items and plain bullets (only tasks prefix the tasks under them).
        let text =
            "## Parent Tasks\n1. Parent\n   - Subtask 1\n     - Files:\n     - [ ] Status: Pending\n"
        let result = try parse(text)
        #expect(try items(result) == ["Parent Tasks|[ ] Status: Pending"])
        #expect(result.skipped.breakdown == "plain bullet 3")
    }

    @Test func aTitleHeadingWithTasksAndAGroupHeadingWithout() throws {
        // Stands for pconwell/cheat camping.md: tasks right under the # title, then a ##
        // group whose tasks all sit under ### headings.
        let text =
            "# Camping\n\n- [ ] Backpack\n\n## Clothing\n\n### Cold\n\n- [ ] Vest\n\n### Wet\n- [ ] Rain jacket\n"
        let result = try parse(text)
        #expect(
            try items(result) == ["Camping|[ ] Backpack", "Cold|[ ] Vest", "Wet|[ ] Rain jacket"])
        #expect(result.skipped.breakdown == "heading 1")
        let split = try parse(text, splitLevel: 2)
        #expect(
            try items(split) == [
                "Camping|[ ] Backpack", "Clothing|[ ] Vest", "Clothing|[ ] Rain jacket",
            ])
    }

    @Test func chineseKeyValueProseAroundTwoTaskLists() throws {
        // Stands for sumulige/oh-my-claude development/todos/active/todo-system.md: **key**:
        // value lines, then tasks under two of five ## headings.
        let text =
            "# TODO 系统\n\n**状态**: 进行中\n**分支**: `feature/x`\n\n## 子任务\n\n- [x] 设计\n\n## 依赖\n\n- 系统\n\n## 进度\n\n- [ ] 测试验证\n"
        let result = try parse(text)
        #expect(try items(result) == ["子任务|[x] 设计", "进度|[ ] 测试验证"])
        #expect(result.skipped.breakdown == "prose 2, heading 2, plain bullet 1")
    }

    // MARK: - Helpers

    private func parse(_ text: String, splitLevel: Int = 6) throws -> LenientImport {
        try ImportDocument.parseLenientMarkdown(Array(text.utf8), splitLevel: splitLevel)
    }

    private func items(_ result: LenientImport) throws -> [String] {
        result.document.lists.flatMap { list in
            list.items.map { "\(list.name ?? "-")|\($0.isSelected ? "[x]" : "[ ]") \($0.title)" }
        }
    }
}
