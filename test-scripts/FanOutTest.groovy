/*
 * FanOutTest
 *
 * Answers: does every subscription of a topic get every message (publish-subscribe fan-out), and at what latency
 * each? The senders publish to a topic; the receiver connections are split into SUBSCRIPTIONS shared subscriptions
 * named fan-out-sub-0, fan-out-sub-1, … ({s} in the receive URL; on Artemis, AMQP, a JMS 2 non-durable shared
 * subscription, one multicast queue each). The connections of one subscription share its messages; each
 * subscription is expected to receive every message sent. The report gives, per subscription, expected, received,
 * lost, duplicates and latency (summary.json "subscriptions", iteration-<n>-subscriptions.csv), and names a
 * subscription that lost messages. The test fails when it lost more than MAXIMUM_LOSS (an unknown loss always
 * fails).
 *
 * Parameters (environment variables):
 *   TOPIC_URL                     the system and the topic, without options (default
 *                                 amqp://127.0.0.1:5672/fan-out.orders; the embedded SUT in embedded mode); the
 *                                 script adds ?type=topic, and &subscription=fan-out-sub-{s} for the receivers
 *   SUBSCRIPTIONS                 how many subscriptions                            (default 2)
 *   CONNECTIONS_PER_SUBSCRIPTION  receiver connections sharing each subscription    (default 1)
 *   RATE                          msg/s per sender connection                       (default 200)
 *   TEST_DURATION                 measured time                                     (default 30s)
 *   WARM_UP                       excluded from the results                         (default 5s)
 *   MAXIMUM_LOSS                  messages the test may lose                        (default 0)
 *
 * The same number of connections (SUBSCRIPTIONS × CONNECTIONS_PER_SUBSCRIPTION per peer) sends: PARALLEL_COUNT is
 * both roles'. Other brokers' forms ({s} in a RabbitMQ queue, an MQTT shared subscription, a NATS queue group):
 * docs/drivers.md, "Fan-out: subscriptions"; give a full SEND_URL and RECEIVE_URL to use one of them.
 *
 * Run:  maestro-cli run test-scripts/FanOutTest.groovy
 *       SUBSCRIPTIONS=3 CONNECTIONS_PER_SUBSCRIPTION=2 maestro-cli run test-scripts/FanOutTest.groovy
 */
int subscriptionCount = maestro.env("SUBSCRIPTIONS", 2)
int perSubscription = maestro.env("CONNECTIONS_PER_SUBSCRIPTION", 1)
String topic = maestro.env("TOPIC_URL",
        maestro.isEmbedded() ? maestro.sutUrl("fan-out.orders") : "amqp://127.0.0.1:5672/fan-out.orders")

maestro.test {
    name "fan-out"
    sendUrl topic + "?type=topic"
    receiveUrl topic + "?type=topic&subscription=fan-out-sub-{s}"
    subscriptions subscriptionCount
    parallelCount subscriptionCount * perSubscription
    rate 200
    duration "30s"
    warmUp "5s"
    maximumLatency 0
}

