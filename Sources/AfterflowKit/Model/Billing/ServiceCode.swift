/// A service a session is billed as: a CPT code, and whether it is billed by time (in 15-minute
/// units, by the vault's `UnitRule`) or once a session.
public struct ServiceCode: Sendable, Hashable {
    /// The CPT code as claims write it: `97153`.
    public var code: String
    /// Billed in 15-minute units (the ABA codes); false for a code billed once a session (92507).
    public var timed: Bool
    /// What the code is for, in a few words; empty for a code the vault adds of its own.
    public var name: String

    public init(code: String, timed: Bool, name: String = "") {
        self.code = code
        self.timed = timed
        self.name = name
    }

    /// The vault's list when its settings name none (`services:`): the ABA codes 97151-97158
    /// (timed) and the speech-language codes 92507, 92523 and 92526 (untimed).
    public static let standard: [ServiceCode] = known.filter { standardCodes.contains($0.code) }

    static let standardCodes = ["97151", "97152", "97153", "97154", "97155", "97156", "97157", "97158", "92507", "92523", "92526"]

    /// Every code afterflow knows the timing of, so that `services:` may name it bare.
    public static let known: [ServiceCode] = [
        ServiceCode(code: "97151", timed: true, name: "behaviour identification assessment, qualified professional"),
        ServiceCode(code: "97152", timed: true, name: "supporting assessment, technician"),
        ServiceCode(code: "97153", timed: true, name: "treatment by protocol, technician"),
        ServiceCode(code: "97154", timed: true, name: "group treatment by protocol, technician"),
        ServiceCode(code: "97155", timed: true, name: "treatment with protocol modification, qualified professional"),
        ServiceCode(code: "97156", timed: true, name: "family treatment guidance"),
        ServiceCode(code: "97157", timed: true, name: "multiple-family group guidance"),
        ServiceCode(code: "97158", timed: true, name: "group treatment with protocol modification"),
        ServiceCode(code: "92507", timed: false, name: "speech-language treatment, individual"),
        ServiceCode(code: "92508", timed: false, name: "speech-language treatment, group"),
        ServiceCode(code: "92521", timed: false, name: "evaluation of speech fluency"),
        ServiceCode(code: "92522", timed: false, name: "evaluation of speech sound production"),
        ServiceCode(code: "92523", timed: false, name: "evaluation of speech sound production with language"),
        ServiceCode(code: "92524", timed: false, name: "evaluation of voice and resonance"),
        ServiceCode(code: "92526", timed: false, name: "treatment of swallowing or oral function for feeding"),
    ]

    /// Whether `text` has the shape of a CPT code: five digits or capital letters (`97153`, `0362T`).
    public static func isCodeShaped(_ text: String) -> Bool {
        text.utf8.count == 5 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) }
    }
}

extension [ServiceCode] {
    /// The service of `code`, compared without case.
    public func service(_ code: String) -> ServiceCode? {
        let wanted = code.uppercased()
        return first { $0.code == wanted }
    }
}
