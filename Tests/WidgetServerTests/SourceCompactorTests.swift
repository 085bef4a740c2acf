import Testing

@testable import WidgetServer

/// Scripts and stylesheets lose their comments and indentation, keep their lines, and keep every string,
/// template literal and regular expression as written.
@Suite struct SourceCompactorTests {
    @Test func commentsAndIndentationGoAndLinesStay() {
        let source = """
            // What this file is for.
            const x = 1; // why one
            /**
             * A function.
             */
            function f() {
                return x;
            }

            """
        let compacted = SourceCompactor.compact(source, as: .javaScript)
        #expect(compacted == "\nconst x = 1;\n\n\n\nfunction f() {\nreturn x;\n}\n")
    }

    @Test func stringsKeepWhatLooksLikeComments() {
        let source = #"const u = 'http://x/*y*/'; const v = "a // b"; const w = 'it\'s // here';"#
        #expect(SourceCompactor.compact(source, as: .javaScript) == source)
    }

    @Test func templateTextIsKeptAndItsCodeCompacted() {
        let source = """
            const t = `line
                // kept ${a /* gone */ + `in ${b}`} /* kept */`; // gone
            """
        let compacted = SourceCompactor.compact(source, as: .javaScript)
        #expect(compacted == "const t = `line\n    // kept ${a + `in ${b}`} /* kept */`;")
    }

    @Test func regularExpressionsAreNotDivisionsOrComments() {
        let regex = #"const r = text.match(/['"]\/\/[^/]*/g); // note"#
        #expect(SourceCompactor.compact(regex, as: .javaScript) == #"const r = text.match(/['"]\/\/[^/]*/g);"#)
        let division = "const h = a / b / c; // half"
        #expect(SourceCompactor.compact(division, as: .javaScript) == "const h = a / b / c;")
        let keyword = "return /\\/\\//.test(s); // slashes"
        #expect(SourceCompactor.compact(keyword, as: .javaScript) == "return /\\/\\//.test(s);")
    }

    @Test func anInlineCommentStillSeparatesTokens() {
        #expect(SourceCompactor.compact("a/**/b", as: .javaScript) == "a b")
        #expect(SourceCompactor.compact("return /** @type {X} */ (y);", as: .javaScript) == "return (y);")
    }

    @Test func stylesheetsHaveOnlyBlockComments() {
        let source = """
            a { /* why red */ color: red; }
              b { background: url(//x.test/a.png); content: "/* kept */"; }
            """
        let compacted = SourceCompactor.compact(source, as: .css)
        #expect(compacted == "a { color: red; }\nb { background: url(//x.test/a.png); content: \"/* kept */\"; }")
    }
}
