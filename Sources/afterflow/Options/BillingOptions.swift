import AfterflowKit
import ArgumentParser

/// `--service`, `--place`, `--participants` and `--provider`: what a trial session records for
/// its claim (`trials start`, `trials end`).
struct BillingOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The CPT code billed, from the vault's services: 97153, 92507, …", valueName: "code"))
    var service: String?

    @Option(help: ArgumentHelp("The place of service, code and name: \"11 Office\", \"03 School\", \"12 Home\".", valueName: "place"))
    var place: String?

    @Option(help: ArgumentHelp("Who was there, separated by commas: client,parent.", valueName: "who"))
    var participants: String?

    @Option(help: ArgumentHelp("The rendering clinician's name and credential (default: provider in the vault's settings).", valueName: "name"))
    var provider: String?

    func validate() throws {
        if let service, !ServiceCode.isCodeShaped(service.uppercased()) {
            throw ValidationError("--service must be a CPT code of five digits or letters, like 97153 or 92507, found \"\(service.visible())\"")
        }
        if let place, PlaceOfService(parsing: place) == nil {
            throw ValidationError("--place must be \(PlaceOfService.expected), found \"\(place.visible())\"")
        }
        if let provider, let problem = FieldText.problem(field: "--provider", text: provider, multiline: false) { throw ValidationError(problem) }
        for word in who where !Trial.isShortName(word) {
            throw ValidationError("--participants must be words separated by commas, like client,parent, found \"\(word.visible())\"")
        }
    }

    private var who: [String] {
        (participants ?? "").split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces).lowercased() }.filter { !$0.isEmpty }
    }

    /// The values given; a service not on the vault's list is refused here, before anything is written.
    func billing(services: [ServiceCode]) throws -> SessionBilling {
        if let service, services.service(service) == nil {
            throw ValidationError("--service \(service.visible()) is not one of the vault's services (\(services.map(\.code).joined(separator: ", "))); add it to services in .afterflow/config.yml, or give one of them")
        }
        return SessionBilling(service: service?.uppercased(), place: place.flatMap(PlaceOfService.init(parsing:)), participants: who, provider: provider)
    }
}
