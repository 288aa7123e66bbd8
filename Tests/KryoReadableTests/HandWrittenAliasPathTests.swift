import Foundation
import KryoCore
import SwiftKryo
import Testing

/// An alias that names its object through another alias, or with an index spelled otherwise,
/// gives that object, not a copy read a second time.
@Suite struct HandWrittenAliasPathTests {
    static let schema = """
        package: meal
        classes:
          - class: Step
            fields: {text: String}
          - class: Recipe
            fields: {steps: List<Step>, variantOf: Recipe}
          - class: MealPlan
            fields: {recipes: "Recipe[]", second: Object, tail: Object}
        """

    let document: SchemaDocument
    init() throws { document = try SchemaDocument(schema: Self.schema, javaClass: "meal.MealPlan") }

    func recipes(_ plan: DynamicObject) throws -> [DynamicObject] {
        let list = try #require(plan["recipes"] as? any AnyElementsExposing, "\(type(of: plan["recipes"]))")
        return list.anyElements.compactMap { $0 as? DynamicObject }
    }

    @Test func throughAnotherAlias() throws {
        let plan = try document.object(
            #""recipes": [{"$class": "meal.Recipe", "steps": [{"$class": "meal.Step", "text": "s"}]}, "#
                + #"{"$class": "meal.Recipe", "variantOf": {"$alias": "recipes.0"}}], "#
                + #""second": {"$alias": "recipes.1.variantOf.steps.0"}"#)
        let recipes = try recipes(plan)
        #expect(recipes.count == 2)
        let steps = try #require(recipes[0]["steps"] as? [Any?])
        let step = try #require(steps.first as? DynamicObject)
        #expect(step["text"] as? String == "s")
        #expect(plan["second"] as? DynamicObject === step)
        #expect(recipes[1]["variantOf"] as? DynamicObject === recipes[0])
    }

    @Test(arguments: ["recipes.00", "recipes.+0", "$root.recipes.0"])
    func anIndexSpelledOtherwise(_ alias: String) throws {
        let plan = try document.object(
            #""recipes": [{"$class": "meal.Recipe"}], "tail": {"$alias": ""# + alias + #""}"#)
        let recipes = try recipes(plan)
        #expect(recipes.count == 1)
        #expect(plan["tail"] as? DynamicObject === recipes.first)
    }

    /// An alias under `$value` would give a copy converted to the class named: an error.
    @Test func anAliasIsNoValueOfAClass() throws {
        let error = try #require(throws: SerializationError.self) {
            try document.object(
                #""recipes": [{"$class": "meal.Recipe"}], "#
                    + #""tail": {"$class": "java.util.LinkedList", "$value": {"$alias": "recipes"}}"#)
        }
        #expect(error.kind == .invalidReference)
        #expect(error.path == ["tail", "$value"], "\(error)")
    }
}
