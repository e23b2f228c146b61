/// The templates a new vault starts with: byte for byte the repository's `Templates/` folder
/// (a test keeps the two the same).
public enum DefaultTemplates {
    /// `Templates/session.md`: a mustache template; `front_matter` is the canonical front matter.
    public static let session = #"""
---
{{{front_matter}}}
---
# {{{title}}}

## Intention

{{#intention}}
{{{intention}}}

{{/intention}}
## Environment

{{#environment}}
{{{environment}}}

{{/environment}}
## Music

{{#music_notes}}
{{{music_notes}}}

{{/music_notes}}
## Reflections
{{#reflections}}

{{{reflections}}}
{{/reflections}}

"""#

    /// File name and contents of every default template, as `init` writes them.
    public static let all: [(name: String, contents: String)] = [
        ("session.md", session),
    ]
}
