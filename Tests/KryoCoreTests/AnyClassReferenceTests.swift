import KryoCore
import Testing

/// `AnyClassReference` takes a class reference out of an `Any` by its layout: it must agree with
/// the runtime's cast wherever it answers, and answer `nil` (leaving the cast to the caller)
/// wherever it cannot prove the value's class.
@Suite struct AnyClassReferenceTests {
    class Shape { var sides = 0 }
    final class Square: Shape {}
    final class Circle {}
    struct Point { var x = 1.0, y = 2.0 }

    @Test func theLayoutIsVerifiedOnThisPlatform() {
        #expect(AnyClassReference.isAvailable)
    }

    @Test func aClassInstanceBoxedAsItsClassIsFoundByIdentity() throws {
        let circle = Circle()
        let boxed: Any = circle
        let found = try #require(AnyClassReference.exactly(boxed, as: Circle.self))
        #expect(found === circle)
        // The cast agrees.
        #expect((boxed as? Circle) === found)
    }

    @Test func aSubclassInstanceBoxedAsItsSuperclassIsFoundAsTheSuperclass() throws {
        let square = Square()
        let asShape: Shape = square
        let boxed: Any = asShape
        let found = try #require(AnyClassReference.exactly(boxed, as: Shape.self))
        #expect(found === square)
        // Boxed as the superclass, the layout cannot tell the subclass: nil, and the caller casts.
        #expect(AnyClassReference.exactly(boxed, as: Square.self) == nil)
        #expect((boxed as? Square) === square)
    }

    @Test func aSubclassInstanceBoxedAsItselfIsNotTakenForItsSuperclass() {
        let boxed: Any = Square()
        // The metadata names Square: the layout proves nothing about Shape, and the cast decides.
        #expect(AnyClassReference.exactly(boxed, as: Shape.self) == nil)
        #expect(boxed is Shape)
    }

    @Test func valuesOfOtherTypesGiveNil() {
        let values: [Any] = [Circle(), 7, "seven", Point(), [Circle()], Optional(Circle()) as Any]
        for value in values.dropFirst() {
            #expect(AnyClassReference.exactly(value, as: Circle.self) == nil, "\(type(of: value))")
        }
        // Not a class, though of the same size as a reference, and of exactly the boxed type.
        #expect(AnyClassReference.exactly(7 as Any, as: Int.self) == nil)
        #expect(AnyClassReference.exactly(values[0], as: Shape.self) == nil)
    }

    @Test func theDynamicTypeReadFromTheBoxIsTheRuntimes() {
        enum Suit { case hearts, spades }
        struct Holder { var shape: Shape }
        let asShape: Shape = Square()
        let values: [Any] = [
            Circle(), Square(), asShape, 7, "seven", Point(), [Circle()], Suit.spades, Optional(Square()) as Any,
            (1, "one"), Holder(shape: Square()), Int.self, { (x: Int) in x + 1 },
        ]
        for value in values {
            let read = ObjectIdentifier(AnyClassReference.dynamicType(of: value))
            #expect(read == ObjectIdentifier(type(of: value)), "\(type(of: value))")
        }
        // A subclass instance boxed as its superclass: the instance's own class.
        #expect(ObjectIdentifier(AnyClassReference.dynamicType(of: asShape)) == ObjectIdentifier(Square.self))
    }

    @Test func theElementsOfAnOptionalArrayAreReadWhereTheyLie() {
        let asShape: Shape = Square()
        let elements: [Any?] = [
            nil, Circle(), asShape, 7, "seven", Point(), Optional(Circle()) as Any, AnyHashable(7), Int?.none as Any,
        ]
        elements.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            func read(_ index: Int) -> AnyClassReference.OptionalElementType {
                AnyClassReference.optionalElementType(at: UnsafeRawPointer(base + index))
            }
            guard case .nilElement = read(0) else {
                Issue.record("nil not found")
                return
            }
            // Plain values: their dynamic types, a subclass boxed as its superclass included.
            for index in 1...5 {
                guard case .type(let found) = read(index), let element = elements[index] else {
                    Issue.record("element \(index) not read")
                    return
                }
                #expect(ObjectIdentifier(found) == ObjectIdentifier(type(of: element)), "element \(index)")
            }
            // Optionals and AnyHashable inside, which callers unwrap: the runtime is asked.
            for index in 6...8 {
                guard case .askTheRuntime = read(index) else {
                    Issue.record("element \(index) read")
                    return
                }
            }
        }
    }

    @Test func theReferenceTakenIsRetained() {
        weak var weakCircle: Circle?
        var taken: Circle?
        do {
            let circle = Circle()
            weakCircle = circle
            let boxed: Any = circle
            taken = AnyClassReference.exactly(boxed, as: Circle.self)
        }
        // The box and the local are gone: only what was taken keeps the instance.
        #expect(weakCircle != nil)
        #expect(taken === weakCircle)
        taken = nil
        #expect(weakCircle == nil)
    }
}
