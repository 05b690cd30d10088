import Glibc
import Testing

@testable import LprofSystem

/// `HandOver` passes batches from one thread to another in order, through a fixed set of
/// them; either side can stop it without the other waiting for ever.
@Suite struct HandOverTests {
    final class Box {
        var values: [Int] = []
    }

    @Test func batchesArriveInOrderAndTheEndingAfterThem() throws {
        let handOver = HandOver<Box, String>((0..<3).map { _ in Box() })
        let maker = try #require(
            BackgroundWork { () -> Int in
                var next = 0
                for _ in 0..<1_000 {
                    guard let box = handOver.takeFree() else { return -1 }
                    box.values = Array(next..<next + 7)
                    next += 7
                    handOver.deliver(box)
                }
                handOver.close("made \(next)")
                return next
            })
        var received: [Int] = []
        var boxes = Set<ObjectIdentifier>()
        while let box = handOver.takeDelivered() {
            received += box.values
            boxes.insert(ObjectIdentifier(box))
            handOver.giveBack(box)
        }
        #expect(maker.wait() == 7_000)
        #expect(received == Array(0..<7_000))
        // Only the batches made go round.
        #expect(boxes.count <= 3)
        #expect(handOver.ending == "made 7000")
        // Drained and closed: asked again, still nothing.
        #expect(handOver.takeDelivered() == nil)
    }

    @Test func cancellingWakesAMakerWaitingForAFreeBatch() throws {
        let handOver = HandOver<Box, String>([Box(), Box()])
        let maker = try #require(
            BackgroundWork { () -> Int in
                var delivered = 0
                while let box = handOver.takeFree() {
                    handOver.deliver(box)
                    delivered += 1
                }
                handOver.close("stopped after \(delivered)")
                return delivered
            })
        // Nothing is given back: with both batches here, the maker can only wait, until it
        // is cancelled (after it has watched, then slept).
        let first = try #require(handOver.takeDelivered())
        let second = try #require(handOver.takeDelivered())
        usleep(20_000)
        handOver.cancel()
        #expect(maker.wait() == 2)
        #expect(handOver.takeDelivered() == nil)
        #expect(handOver.ending == "stopped after 2")
        handOver.giveBack(first)
        handOver.giveBack(second)
    }

    @Test func aTakerWaitsUntilTheMakerCloses() throws {
        let handOver = HandOver<Box, Int>([Box(), Box()])
        let maker = try #require(
            BackgroundWork { () -> Bool in
                // Longer than the taker watches before it sleeps.
                usleep(50_000)
                handOver.close(42)
                return true
            })
        #expect(handOver.takeDelivered() == nil)
        #expect(handOver.ending == 42)
        #expect(maker.wait())
    }
}
