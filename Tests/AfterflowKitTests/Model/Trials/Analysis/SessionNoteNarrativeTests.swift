@testable import AfterflowKit
import Testing

/// How much of a session note is the clinician's own narrative (for `check` with `audit: true`).
@Suite struct SessionNoteNarrativeTests {
    @Test("a draft left as `note` wrote it has no words of the clinician's")
    func untouchedDraft() {
        let draft = """
            **S:**

            **O:**

            - Produced /s/ in word-initial position in 16 of 20 trials (80 %), all independently.

            **A:**

            - Produce /s/: improving.

            **P:**
            """
        // O: Produced /s/ in word-initial position in 16 of 20 trials (80 %), all independently. = 14
        // words; A: Produce /s/: improving. = 3; the labels and the list markers count as neither.
        let words = SessionNote.narrativeWords(of: draft)
        #expect(words.own == 0 && words.drafted == 17)
        #expect(!SessionNote.hasNarrative(draft))
    }

    @Test("words under S and P, and text outside the labels, are the clinician's")
    func own() {
        let note = """
            <!-- afterflow: 2 trial lines were left out -->
            **S:** Came in tired after a long school day.

            **O:**

            - Produced /s/ in 4 of 5 trials (80 %).
            A hand-written line under O.

            **A:**

            No data to assess.

            **P:** Practise at home.
            """
        // Own: "Came in tired after a long school day." 8, "A hand-written line under O." 5 (not a
        // list item), "Practise at home." 3 = 16. Drafted: the O item "Produced /s/ in 4 of 5
        // trials (80 %)." 9 (with "(80" and "%)." each a word), "No data to assess." 4 = 13.
        // The comment is neither.
        let words = SessionNote.narrativeWords(of: note)
        #expect(words.own == 16 && words.drafted == 13)
        #expect(SessionNote.hasNarrative(note))
    }

    @Test("a short note of the clinician's own is under the 10 words an audit needs")
    func short() {
        // "Table work after recess." 4 words, nothing drafted: under 10.
        #expect(SessionNote.narrativeWords(of: "Table work after recess.") == (4, 0))
        #expect(!SessionNote.hasNarrative("Table work after recess."))
        // 10 words, nothing drafted: enough.
        #expect(SessionNote.hasNarrative("Worked on turn-taking at the table with two peers today, calmly."))
    }

    @Test("own words must outnumber the drafted ones")
    func longerThanDraft() {
        // Own: "Good focus today, worked through both sets with few breaks, calm." 11; drafted: the
        // item "Produced /s/ in word-initial position in 16 of 20 trials today, independently." 12.
        // 11 < 12: not yet a narrative.
        let note = """
            **S:** Good focus today, worked through both sets with few breaks, calm.

            **O:**

            - Produced /s/ in word-initial position in 16 of 20 trials today, independently.
            """
        let words = SessionNote.narrativeWords(of: note)
        #expect(words.own == 11 && words.drafted == 12)
        #expect(!SessionNote.hasNarrative(note))
    }
}
