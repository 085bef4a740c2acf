"""Hostile strings for the browser tests, written for this project.

Every string that could run script, if some place of the page inserted it as HTML or followed it as a
link, sets the canary `window.__pwned` (or `parent.__pwned` from inside a frame) or opens a JavaScript
dialog (`alert`, `confirm`, `prompt`); the tests hook both before any content arrives and assert that
neither happened. Each string must show as the very same text where the page puts it.

`CORPUS` is the short list `test_widget_hostile.py` has always used. `TEXT_PAYLOADS` is the whole
corpus of text (a list of `(name, text)`); `FILE_NAMES` adds what only matters in a file name;
`INVALID_UTF8` holds byte strings that are not UTF-8, for the raw-HTTP tests (a browser would repair them
before they reached the wire).
"""

from __future__ import annotations

import base64

#: The short corpus of test_widget_hostile.py (kept in this order: that module picks entries by index).
CORPUS = [
    "<script>window.__pwned = 1</script>",
    '<img src=x onerror="window.__pwned = 2">',
    '"><svg onload="window.__pwned = 3">',
    "javascript:window.__pwned = 4",
    "<a href=\"javascript:window.__pwned=5\">click</a>",
    "{{7*7}} ${window.__pwned = 6} &lt;b&gt;",
    "<iframe srcdoc='<script>parent.__pwned=7</script>'></iframe>",
]


def _b64(text: str) -> str:
    return base64.b64encode(text.encode()).decode()


#: Script elements in odd case, split, encoded, or breaking out of the element the text lands in.
SCRIPT_TAGS = [
    "<ScRiPt>window.__pwned=11</sCrIpT>",
    "<SCRIPT SRC=data:,window.__pwned=12></SCRIPT>",
    "<scr<script>ipt>window.__pwned=13</scr</script>ipt>",
    "<<script>script>window.__pwned=14;//<</script>/script>",
    '<script type="text/javascript" >window.__pwned=15</script >',
    "</textarea><script>window.__pwned=16</script>",
    "</title><script>window.__pwned=17</script>",
    '"><script>window.__pwned=18</script>',
    "'><script>window.__pwned=19</script>",
    "</script><script>window.__pwned=20</script>",
    "&lt;script&gt;window.__pwned=21&lt;/script&gt;",
    "&amp;lt;script&amp;gt;window.__pwned=22",
    "%3Cscript%3Ewindow.__pwned%3D23%3C%2Fscript%3E",
    "\\u003cscript\\u003ewindow.__pwned=24\\u003c/script\\u003e",
    "\\x3cscript\\x3ewindow.__pwned=25\\x3c/script\\x3e",
    "+ADw-script+AD4-window.__pwned=26+ADw-/script+AD4-",
    "\uff1cscript\uff1ewindow.__pwned=27\uff1c/script\uff1e",
    "<script>\u2028window.__pwned=28\u2029</script>",
    "<scr\u0000ipt>window.__pwned=29</scr\u0000ipt>",
    "<!--<script>-->window.__pwned=30<!--</script>-->",
]

#: Event handler attributes on elements that fire them without a click.
EVENT_HANDLERS = [
    "<img src=x onerror=window.__pwned=31>",
    "<IMG SRC=# oNeRrOr=window.__pwned=32>",
    "<img/src/onerror=window.__pwned=33>",
    "<body onload=window.__pwned=34>",
    "<input autofocus onfocus=window.__pwned=35>",
    "<details open ontoggle=window.__pwned=36>",
    '<video><source onerror="window.__pwned=37"></video>',
    '<div style="position:fixed;inset:0" onpointerover="window.__pwned=38">over</div>',
    '<img src="x" onerror="&#119;indow.__pwned=39">',
    f"<img src=x onerror=eval(atob('{_b64('window.__pwned=40')}'))>",
    "<a onmouseover=alert(41) href=#>hover</a>",
    "<p contenteditable autofocus onfocus=confirm(42)>x</p>",
    "<form><button formaction=javascript:window.__pwned=43>go</button></form>",
    "<select autofocus onfocus=prompt(44)></select>",
    "<audio src onerror=window.__pwned=45>",
    "<img src=x onerror=window['__pw'+'ned']=46>",
    "<img src=x:x onerror=top.__pwned=47 />",
    "<style onload=window.__pwned=48></style>",
]

#: SVG, MathML, frames, objects and the elements the parser treats specially.
SVG_MATH_FRAMES = [
    "<svg/onload=window.__pwned=51>",
    "<svg><script>window.__pwned=52</script></svg>",
    "<svg><animate onbegin=window.__pwned=53 attributeName=x dur=1s>",
    '<svg><a xlink:href="javascript:window.__pwned=54"><text x="20" y="20">tap</text></a></svg>',
    "<svg><set attributeName=onload to=window.__pwned=55 /></svg>",
    "<math><mtext><table><mglyph><style><img src=x onerror=window.__pwned=56>",
    '<math href="javascript:window.__pwned=57">tap</math>',
    '<iframe srcdoc="&lt;script&gt;parent.__pwned=58&lt;/script&gt;"></iframe>',
    '<iframe src="javascript:parent.__pwned=59"></iframe>',
    '<object data="javascript:window.__pwned=60"></object>',
    '<embed src="data:text/html,<script>parent.__pwned=61</script>">',
    '<noscript><p title="</noscript><img src=x onerror=window.__pwned=62>">',
    "<template><img src=x onerror=window.__pwned=63></template><img src=x onerror=window.__pwned=63>",
    '<base href="javascript:window.__pwned=64//">',
    '<meta http-equiv="refresh" content="0;url=javascript:window.__pwned=65">',
    '<isindex type=image src=1 onerror=window.__pwned=66>',
    "<frameset onload=window.__pwned=67>",
    "<xmp><p title=\"</xmp><svg/onload=window.__pwned=68>\">",
]

#: Client-side template engines, template literals and server-side templates.
TEMPLATES = [
    "${window.__pwned=71}",
    "`${window.__pwned=72}`",
    "{{constructor.constructor('window.__pwned=73')()}}",
    "{{{title}}} {{&title}} {{! comment }} {{=<% %>=}}",
    "{{> kiosk}}{{#kiosk}}shown{{/kiosk}}{{^kiosk}}inverted{{/kiosk}}",
    "<%= window.__pwned=74 %> #{window.__pwned=74} [[${window.__pwned=74}]]",
    "{{$on.constructor('window.__pwned=75')()}}",
    "$(window.__pwned=76) @{window.__pwned=76} ${{window.__pwned=76}}",
    "{% raw %}{{ 7*7 }}{% endraw %} {{7*'7'}}",
    "%s%s%s%n%x%p {0} {{}} %(name)s",
]

#: CSS that runs script in old engines, or leaves a style element or attribute.
CSS_PAYLOADS = [
    "<style>@import 'javascript:window.__pwned=81';</style>",
    '<div style="background:url(javascript:window.__pwned=82)">css</div>',
    '<div style="width: expression(window.__pwned=83)">css</div>',
    "red;}</style><script>window.__pwned=84</script>",
    '#fff;background-image:url("javascript:window.__pwned=85")',
    "</style><img src=x onerror=window.__pwned=86>",
    "x{}*{background:red!important}@import url(data:text/css,*{color:red});",
    "-moz-binding:url(data:text/xml,<x/>);behavior:url(#default#time2)",
    "#1c64f2;--chat-accent:red",
]

#: Strings meant to break out of several contexts at once (hand-made polyglots).
POLYGLOTS = [
    "'\"--></style></title></textarea></noscript></script><svg/onload=window.__pwned=91>",
    "javascript://'/</title></style></textarea></script>--><p\" onclick=alert(92)//>*/alert(92)/*",
    '"onmouseover=window.__pwned=93 x="',
    "' autofocus onfocus='window.__pwned=94",
    "</template><script>window.__pwned=95</script><template>",
    "]]><script>window.__pwned=96</script><![CDATA[",
    "\";window.__pwned=97;//';window.__pwned=97;//</script><script>window.__pwned=97</script>",
    "-->'\"/><img src=x onerror=window.__pwned=98>{{7*7}}${7*7}<!--",
    "[click](javascript:window.__pwned=99) ![img](x\" onerror=\"window.__pwned=99)",
    "'); DROP TABLE messages; -- \" OR 1=1 --",
]

#: Link targets: script and data URLs, also disguised with case, whitespace, entities and encodings.
URL_PAYLOADS = [
    "javascript:window.__pwned=101",
    "JaVaScRiPt:window.__pwned=102",
    " javascript:window.__pwned=103",
    "\tjavascript:window.__pwned=104",
    "java\tscript:window.__pwned=105",
    "java\nscript:window.__pwned=106",
    "jav&#x61;script:window.__pwned=107",
    "&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;window.__pwned=108",
    "javascript&colon;window.__pwned=109",
    "\u0001javascript:window.__pwned=110",
    "javascript%3Awindow.__pwned=111",
    "data:text/html,<script>parent.__pwned=112</script>",
    f"data:text/html;base64,{_b64('<script>parent.__pwned=113</script>')}",
    "data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' onload='window.__pwned=114'/>",
    "DATA:text/html,<img src=x onerror=parent.__pwned=115>",
    "vbscript:msgbox(116)",
    'https://example.com/"onmouseover="window.__pwned=117',
    "https://example.com/<script>window.__pwned=118</script>",
    "http://javascript:window.__pwned=119@example.com/",
    "https://example.com/?q=<img src=x onerror=window.__pwned=120>&x='\"",
    "//example.com/%2F..%2F..",
    "https://exam\u200bple.com/ https://\u0435xample.com/ https://example.com\u2044evil",
]

#: Direction controls: overrides, embeddings, isolates and marks (a file name that reads backwards).
BIDI = [
    "invoice\u202Efdp.exe",
    "\u202Egnp.exe - looks like exe.png",
    "\u202Dforced left-to-right\u202C and \u202Bembedded right-to-left <b>x</b>\u202C",
    "\u2066isolate\u2069 \u2067rtl isolate\u2069 \u2068first strong\u2069",
    "marks \u200E\u200F\u061C and \u202A\u202C",
    "/* \u202E } \u2066if (isAdmin)\u2069 \u2066 begin admins only */",
    "ltr text \u202E<script>window.__pwned=121</script>",
    "\u05e9\u05dc\u05d5\u05dd <img src=x onerror=window.__pwned=122> \u0645\u0631\u062d\u0628\u0627",
    "\u202E\u202E\u202E\u202E\u202E\u202E unterminated overrides",
]


def _zalgo(text: str, marks: int) -> str:
    """Each letter of `text` under `marks` combining marks (U+0300…U+036F, in a fixed order)."""
    out = []
    for index, letter in enumerate(text):
        out.append(letter)
        out.extend(chr(0x300 + (index * 7 + n * 13) % 0x70) for n in range(marks))
    return "".join(out)


#: Zero-width characters, combining marks and other tricky code points.
ZERO_WIDTH_AND_COMBINING = [
    "a\u200Bb\u200Cc\u200Dd\u2060e\uFEFFf\u00ADg\u180Eh",
    "<scr\u200Bipt>window.__pwned=131</scr\u200Bipt>",
    "java\u200Bscript:window.__pwned=132",
    "\u226Escript\u226Fwindow.__pwned=133\u226E/script\u226F",
    "<\u0338script>window.__pwned=134</script>",
    _zalgo("ZALGO", 40),
    _zalgo("He comes <img src=x onerror=window.__pwned=135>", 8),
    "\U0001F469\U0001F3FD\u200D\U0001F4BB \U0001F468\u200D\U0001F469\u200D\U0001F467\u200D\U0001F466 \U0001F3F3\uFE0F\u200D\U0001F308",
    "\uFFFD\uFFFE\uFFFF \U0010FFFF \uE000 \U0001D54F\U0001D560\U0001D564",
    "\u0000NUL\u0000 and bell\u0007 and escape\u001b[31mred\u001b[0m",
    "e\u0301 vs \u00e9; \ufb01 ligature; \u0130stanbul; \u00df",
]

#: One line of 10,000 characters without a space, so nothing may break or lose it.
LONG_LINE = "<img src=x onerror=window.__pwned=141>" + "W" * (10_000 - len("<img src=x onerror=window.__pwned=141>"))
assert len(LONG_LINE) == 10_000

#: What only matters in a file name: paths, device names, header and extension tricks.
FILE_NAME_ONLY = [
    "../../../../etc/passwd",
    "..\\..\\..\\Windows\\win.ini",
    "CON.txt",
    ".htaccess",
    "evil.txt\u0000.png",
    'quote".txt',
    "name\r\nX-Injected: 1\r\n.txt",
    "semi;colon; filename=other.exe",
    "%2e%2e%2fescape.txt",
    "\u202Etxt.exe",
    "a" * 240 + ".txt",
]

#: The whole text corpus, named for messages: every category above and the old CORPUS.
_CATEGORIES = {
    "corpus": CORPUS,
    "script": SCRIPT_TAGS,
    "handler": EVENT_HANDLERS,
    "svg": SVG_MATH_FRAMES,
    "template": TEMPLATES,
    "css": CSS_PAYLOADS,
    "polyglot": POLYGLOTS,
    "url": URL_PAYLOADS,
    "bidi": BIDI,
    "unicode": ZERO_WIDTH_AND_COMBINING,
    "long": [LONG_LINE],
}

TEXT_PAYLOADS: list[tuple[str, str]] = [
    (f"{category}-{index}", text) for category, texts in _CATEGORIES.items() for index, text in enumerate(texts)
]
assert len({text for _, text in TEXT_PAYLOADS}) == len(TEXT_PAYLOADS), "a payload is listed twice"

#: Texts only (the order of TEXT_PAYLOADS).
TEXTS = [text for _, text in TEXT_PAYLOADS]

#: Texts a message may hold: both servers refuse a message with a NUL (U+0000), which the service's store would cut
#: short (test_payloads.test_a_nul_in_a_message_is_refused_not_cut).
MESSAGE_TEXTS = [text for text in TEXTS if "\u0000" not in text]

#: Names for files: the text corpus (without the 10,000-character line) and the file-only tricks.
FILE_NAMES = [text for text in TEXTS if len(text) <= 1000] + FILE_NAME_ONLY

#: Byte strings that are not UTF-8: a lone continuation byte, bytes never used, an overlong `/` and
#: `<`, a UTF-16 surrogate, a code point above U+10FFFF, a truncated sequence, Latin-1 text.
INVALID_UTF8 = {
    "lone-continuation": b"\x80",
    "never-used": b"\xfe\xff",
    "overlong-slash": b"\xc0\xaf",
    "overlong-lt": b"\xc0\xbcscript\xc0\xbe",
    "surrogate": b"\xed\xa0\x80",
    "above-max": b"\xf4\x90\x80\x80",
    "truncated": b"ok \xe2\x82",
    "latin-1": "caf\u00e9 <b>".encode("latin-1"),
}

#: JSON that is valid UTF-8 but names a lone UTF-16 surrogate with an escape (no Swift String can hold it).
LONE_SURROGATE_JSON_TEXT = '"\\ud800 lone \\udfff surrogates"'


def canary_free(text: str) -> bool:
    """Whether `text` mentions neither the canary nor a dialog: a plain sentence to prove the page still works."""
    return "__pwned" not in text and "alert(" not in text
