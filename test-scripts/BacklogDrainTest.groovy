/*
 * BacklogDrainTest
 *
 * Answers: when the receivers fall behind — they start late, pause, or consume at a capped rate — does the system
 * under test keep the backlog and hand every message over once they catch up, and how fast do they drain it?
 * The report shows the backlog (measured messages sent − received) over time, its peak and the drain rate
 * (docs/measurement.md, "Backlog and drain").
 *
 * Parameters (environment variables of the same name override the values below):
 *   SEND_RECEIVE_URL   the system and a queue-like address (docs/drivers.md); default: the embedded Artemis SUT
 *   RATE               msg/s per sender connection                       (default 200)
 *   TEST_DURATION      how long the senders send                         (default 60s)
 *   RECEIVE_DELAY      the receivers consume from this long after the first message on (default 10s)
 *   RECEIVE_PAUSE      e.g. "at 30s for 10s": no consuming then          (default none)
 *   RECEIVE_RATE       msg/s each receiver connection consumes at most   (default 300: drains at 300 − 200 msg/s)
 *   DRAIN_TIMEOUT      long enough for the backlog left when the senders stop (refused before the load otherwise)
 *   MAXIMUM_LOSS       messages the test may lose                        (default 0)
 *
 * Run:  maestro-cli run test-scripts/BacklogDrainTest.groovy
 *       RECEIVE_DELAY=0 RECEIVE_PAUSE='at 20s for 15s' maestro-cli run test-scripts/BacklogDrainTest.groovy
 *
 * Waiting in the backlog is response time: the latency percentiles include it.
 */
def result = maestro.fixedRate {
    name "backlog-drain"
    parallelCount 1
    rate 200
    duration "60s"
    receiveDelay "10s"
    receiveRate 300
    drainTimeout "60s"
}

if (!result.lostKnown) {
    maestro.verdict(false, "lost messages unknown: ${result.unknownReason}")
} else if (result.sent != result.received + result.refused + result.vanished) {
    maestro.verdict(false, "accounting does not add up: sent ${result.sent} ≠ received ${result.received} + refused "
            + "${result.refused} + vanished ${result.vanished}")
} else if (result.passed && result.lost > 0) {
    maestro.verdict(false, "${result.lost} messages lost")
}
