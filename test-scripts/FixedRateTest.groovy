/*
 * FixedRateTest
 *
 * Answers: does the system under test carry RATE messages/s on each of PARALLEL_COUNT connections,
 * of MESSAGE_SIZE bytes, for TEST_DURATION, with the response time (receive − intended send, free of
 * coordinated omission) below MAXIMUM_LATENCY at p90 (or at the maximum with MAXIMUM_LATENCY_MODE=hard),
 * and without losing a message?
 *
 * Parameters (environment variables of the same name override the values below):
 *   SEND_RECEIVE_URL      the system and address, any driver's URL (docs/drivers.md);
 *                         default: the embedded Artemis SUT, test.queue
 *   MESSAGE_SIZE          bytes, "~256" varies ±5%              (default 256)
 *   PARALLEL_COUNT        connections per sender/receiver peer    (default 2)
 *   RATE                  msg/s per connection, 0 = unbounded     (default 500)
 *   TEST_DURATION         "20s", "10m", or a message count        (default 20s)
 *   WARM_UP               excluded from the results               (default 5s)
 *   MAXIMUM_LATENCY       ms                                      (default 500)
 *
 *   MAXIMUM_LOSS          messages the test may lose: a count or "0.5%" (default 0)
 *
 * Run:  maestro-cli run test-scripts/FixedRateTest.groovy
 *       RATE=2000 TEST_DURATION=2m maestro-cli run test-scripts/FixedRateTest.groovy --maestro-url mqtt://broker:1883
 *
 *       The same test against another system, by its URL alone:
 *       SEND_RECEIVE_URL='rabbitmq://guest:guest@rabbit:5672/?queue=load&declare=true' maestro-cli run test-scripts/FixedRateTest.groovy
 *       SEND_RECEIVE_URL='amqp://guest:guest@rabbit:5672//queue/load' maestro-cli run test-scripts/FixedRateTest.groovy
 *       SEND_RECEIVE_URL='mqtt://mosquitto:1883/maestro/load?qos=1&share=maestro' maestro-cli run test-scripts/FixedRateTest.groovy
 *       SEND_RECEIVE_URL='nats://nats:4222/maestro.load?queue=maestro' maestro-cli run test-scripts/FixedRateTest.groovy
 *       SEND_RECEIVE_URL='nats://nats:4222/maestro.load?jetstream=true&stream=LOAD&create=true&queue=maestro' maestro-cli run test-scripts/FixedRateTest.groovy
 *
 *       The MQTT and NATS URLs share each topic's messages among the receiver connections (share=, queue=): a plain
 *       topic gives every message to each of the PARALLEL_COUNT receiver connections, which the run warns about and
 *       counts as duplicates, with a received rate PARALLEL_COUNT times the sent one.
 */
def result = maestro.fixedRate {
    name "fixed-rate"
    messageSize "256"
    parallelCount 2
    rate 500
    duration "20s"
    warmUp "5s"
    maximumLatency 500
}

if (!result.lostKnown) {
    maestro.verdict(false, "lost messages unknown: ${result.unknownReason}")
} else if (result.passed && result.lost > 0) {
    maestro.verdict(false, "${result.lost} messages lost")
}
