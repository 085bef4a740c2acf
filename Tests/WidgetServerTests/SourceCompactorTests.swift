import Foundation
import Testing

@testable import WidgetServer

/// Scripts and stylesheets lose their comments, indentation, and the spaces and line breaks no token needs;
/// every string, template literal and regular expression stays as written.
@Suite struct SourceCompactorTests {
    @Test func commentsIndentationAndSafeLineBreaksGo() {
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
        #expect(SourceCompactor.compact(source, as: .javaScript) == "const x=1;function f(){return x;}")
    }

    /// A line break stays wherever a statement may end there: removing it could drop an inserted semicolon.
    @Test func lineBreaksStayWhereAStatementMayEnd() {
        let cases = [
            ("return\nx", "return\nx"), ("a = b\nc()", "a=b\nc()"), ("x\n++y", "x\n++y"),
            ("let a = {}\nlet b", "let a={}\nlet b"), ("a = b\n.5", "a=b\n.5"), ("f()\n[0]", "f()\n[0]"),
            ("call(\n  1,\n  2\n)", "call(1,2)"), ("p\n  .then(f)\n  .catch(g)", "p.then(f).catch(g)"),
            ("a ? b\n  : c", "a?b:c"), ("if (x) {\n}\n}", "if(x){}}"),
        ]
        for (source, compacted) in cases {
            #expect(SourceCompactor.compact(source, as: .javaScript) == compacted, "\(source)")
        }
    }

    @Test func stringsKeepWhatLooksLikeComments() {
        let source = #"const u = 'http://x/*y*/'; const v = "a // b"; const w = 'it\'s // here';"#
        #expect(
            SourceCompactor.compact(source, as: .javaScript)
                == #"const u='http://x/*y*/';const v="a // b";const w='it\'s // here';"#
        )
    }

    @Test func templateTextIsKeptAndItsCodeCompacted() {
        let source = """
            const t = `line
                // kept ${a /* gone */ + `in ${b}`} /* kept */`; // gone
            """
        let compacted = SourceCompactor.compact(source, as: .javaScript)
        #expect(compacted == "const t=`line\n    // kept ${a+`in ${b}`} /* kept */`;")
    }

    @Test func regularExpressionsAreNotDivisionsOrComments() {
        let regex = #"const r = text.match(/['"]\/\/[^/]*/g); // note"#
        #expect(SourceCompactor.compact(regex, as: .javaScript) == #"const r=text.match(/['"]\/\/[^/]*/g);"#)
        let division = "const h = a / b / c; // half"
        #expect(SourceCompactor.compact(division, as: .javaScript) == "const h=a/b/c;")
        let keyword = "return /\\/\\//.test(s); // slashes"
        #expect(SourceCompactor.compact(keyword, as: .javaScript) == "return/\\/\\//.test(s);")
    }

    @Test func anInlineCommentStillSeparatesTokens() {
        #expect(SourceCompactor.compact("a/**/b", as: .javaScript) == "a b")
        #expect(SourceCompactor.compact("return /** @type {X} */ (y);", as: .javaScript) == "return(y);")
    }

    @Test func spacesStayWhereTokensWouldMerge() {
        let cases = [
            ("a - -b", "a- -b"), ("x + ++y", "x+ ++y"), ("a / /re/.test(s)", "a/ /re/.test(s)"),
            ("1 .toString()", "1 .toString()"), ("static #count = 0", "static #count=0"), ("return x", "return x"),
            ("const é = 1", "const é=1"), ("if (a) { f(a, b); }", "if(a){f(a,b);}"),
            ("'a' in b ? c : d", "'a'in b?c:d"),
            (#"{ "title": "A  chat",\#n  "n": 1\#n}"#, #"{"title":"A  chat","n":1}"#),
        ]
        for (source, compacted) in cases {
            #expect(SourceCompactor.compact(source, as: .javaScript) == compacted, "\(source)")
        }
    }

    @Test func stylesheetsHaveOnlyBlockCommentsAndNeedNoLineBreaks() {
        let source = """
            a { /* why red */ color: red; }
              b { background: url(//x.test/a.png); content: "/* kept */"; }
            p {
              margin: 0
                auto;
            }
            """
        let compacted = SourceCompactor.compact(source, as: .css)
        #expect(compacted == #"a{color:red;}b{background:url(//x.test/a.png);content:"/* kept */";}p{margin:0 auto;}"#)
    }

    @Test func stylesheetSpacesStayWhereTheyMeanSomething() {
        let cases = [
            ("a :hover", "a :hover"), ("width: calc(100% - 2px)", "width:calc(100% - 2px)"),
            ("@media (x) and (y)", "@media (x) and (y)"), ("margin: 0 auto !important", "margin:0 auto !important"),
            ("ul > li, p { color: red; }", "ul>li,p{color:red;}"),
        ]
        for (source, compacted) in cases {
            #expect(SourceCompactor.compact(source, as: .css) == compacted, "\(source)")
        }
    }

    @Test func templatesLoseIndentationAndKeepLines() {
        let template = "<ul>\n  <li>a</li>\n\t<li>b  c</li>\n</ul>\n"
        #expect(SourceCompactor.stripIndentation(template) == "<ul>\n<li>a</li>\n<li>b  c</li>\n</ul>\n")
    }
}
