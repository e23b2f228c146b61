import AfterflowKit
import Testing

/// The ABC tally, counted by hand.
@Suite struct ABCTallyTests {
    /// hitting: demand, demand, denied, Demand → demand 3, denied 1; escape, escape, attention,
    /// attention → escape 2, attention 2 (escape came first). screaming: alone → none.
    static let tally = ABCTally(incidents: [
        ABCIncident(antecedent: "demand", behaviour: "hitting", consequence: "escape"),
        ABCIncident(antecedent: "alone", behaviour: "screaming", consequence: "none"),
        ABCIncident(antecedent: "denied", behaviour: "hitting", consequence: "attention"),
        ABCIncident(antecedent: "demand", behaviour: "hitting", consequence: "escape"),
        ABCIncident(antecedent: "Demand ", behaviour: "Hitting", consequence: "attention"),
    ])

    @Test func behavioursInOrderOfFirstIncident() {
        #expect(Self.tally.behaviours.map(\.behaviour) == ["hitting", "screaming"] && Self.tally.behaviours.map(\.incidents) == [4, 1])
    }

    @Test func antecedentsPerBehaviourMostFirst() {
        #expect(Self.tally.behaviours[0].antecedents == [ABCTally.Count(name: "demand", count: 3), ABCTally.Count(name: "denied", count: 1)])
    }

    @Test func consequencesTiedKeepTheirFirstOrder() {
        #expect(Self.tally.behaviours[0].consequences == [ABCTally.Count(name: "escape", count: 2), ABCTally.Count(name: "attention", count: 2)])
    }

    @Test func everyIncidentCounted() {
        #expect(Self.tally.incidents == 5)
    }
}
