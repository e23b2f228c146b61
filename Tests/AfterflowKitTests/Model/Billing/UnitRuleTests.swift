@testable import AfterflowKit
import Testing

/// The 8-minute rule against the table of behaviour.md §5 (CMS Claims Processing Manual 100-04
/// ch. 5 §20.2), at every boundary, and its sharing of a day's units among codes.
@Suite("units: the 8-minute rule")
struct UnitRuleTests {
    /// Each row of the table: its first and last minute and its units. 0-7 → 0, 8-22 → 1,
    /// 23-37 → 2, 38-52 → 3, 53-67 → 4, 68-82 → 5, 83-97 → 6, 98-112 → 7, 113-127 → 8, and each
    /// further 15 one more (128-142 → 9).
    static let table: [(first: Int, last: Int, units: Int)] = [
        (0, 7, 0), (8, 22, 1), (23, 37, 2), (38, 52, 3), (53, 67, 4), (68, 82, 5),
        (83, 97, 6), (98, 112, 7), (113, 127, 8), (128, 142, 9),
    ]

    @Test("each row of the table, at its first and its last minute", arguments: table)
    func row(_ row: (first: Int, last: Int, units: Int)) {
        #expect(UnitRule.units(forMinutes: row.first) == row.units, "\(row.first) min")
        #expect(UnitRule.units(forMinutes: row.last) == row.units, "\(row.last) min")
    }

    @Test("the boundaries the issue names: 7/8, 22/23, 37/38")
    func boundaries() {
        #expect(UnitRule.units(forMinutes: 7) == 0 && UnitRule.units(forMinutes: 8) == 1)
        #expect(UnitRule.units(forMinutes: 22) == 1 && UnitRule.units(forMinutes: 23) == 2)
        #expect(UnitRule.units(forMinutes: 37) == 2 && UnitRule.units(forMinutes: 38) == 3)
    }

    @Test("the reference's day: 97153 52 min and 97155 20 min → 97153 × 4, 97155 × 1")
    func referenceExample() {
        // 72 min → 5 units. 97153: 3 whole (45 min, 7 left); 97155: 1 whole (15 min, 5 left);
        // the fifth to 97153, which has more left (7 > 5).
        #expect(UnitRule.medicare.units(minutesByCode: [52, 20]) == [4, 1])
        // By code: 52 min → 3 (7 left, under 8); 20 min → 1 (5 left): 4 units.
        #expect(UnitRule.perCode.units(minutesByCode: [52, 20]) == [3, 1])
    }

    @Test("several codes under 8 minutes each: together they earn a unit, for the one with most")
    func smallCodes() {
        // 97153 7 min + 97155 5 min = 12 min → 1 unit; no whole 15 anywhere; it goes to 97153 (7 > 5).
        #expect(UnitRule.medicare.units(minutesByCode: [7, 5]) == [1, 0])
        // By code neither reaches 8: none.
        #expect(UnitRule.perCode.units(minutesByCode: [7, 5]) == [0, 0])
        // 4 + 3 = 7 min: under 8, none either way.
        #expect(UnitRule.medicare.units(minutesByCode: [4, 3]) == [0, 0])
    }

    @Test("three codes on one day at the 37/38 boundary of their total")
    func threeCodes() {
        // 15 + 15 + 7 = 37 min → 2 units: the two whole 15s; the 7 left earns nothing more.
        #expect(UnitRule.medicare.units(minutesByCode: [15, 15, 7]) == [1, 1, 0])
        // 15 + 15 + 8 = 38 min → 3 units: the two whole 15s, the third to the code with 8 left.
        #expect(UnitRule.medicare.units(minutesByCode: [15, 15, 8]) == [1, 1, 1])
        // 10 + 10 + 3 = 23 min → 2 units, no whole 15: to the two with 10 left, the first on the tie.
        #expect(UnitRule.medicare.units(minutesByCode: [10, 10, 3]) == [1, 1, 0])
        // 10 + 6 + 6 = 22 min → 1 unit: to the code with 10 left.
        #expect(UnitRule.medicare.units(minutesByCode: [6, 10, 6]) == [0, 1, 0])
    }

    @Test("a tie for the leftover unit goes to the code written first")
    func tie() {
        // 9 + 9 = 18 min → 1 unit; both have 9 left.
        #expect(UnitRule.medicare.units(minutesByCode: [9, 9]) == [1, 0])
    }

    @Test("the units of one code are its table's row, whichever rule", arguments: 0...130)
    func oneCode(minutes: Int) {
        let expected = UnitRule.units(forMinutes: minutes)
        #expect(UnitRule.medicare.units(minutesByCode: [minutes]) == [expected])
        #expect(UnitRule.perCode.units(minutesByCode: [minutes]) == [expected])
    }
}
