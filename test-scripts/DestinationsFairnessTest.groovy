/*
 * DestinationsFairnessTest
 *
 * Answers: when one stream of messages is spread over many destinations (100 queues by default), does every
 * destination get its share, or do some starve? Each of the PARALLEL_COUNT sender and receiver connections uses the
 * destination {n} = its index mod DESTINATIONS. The report gives each destination's sent, received, refused,
 * vanished, rate and latency, and their spread in one line (lowest and highest rate, Jain's fairness index: 1 when
 * every destination carried the same rate, 1/n when one carried everything, and the slowest destination), in
 * summary.json "destinations", the page, iteration-<n>-destinations.csv, JUnit and the printed table. A destination
 * that received nothing while its senders sent is a warning. The test fails when it lost more than MAXIMUM_LOSS (an
 * unknown loss always fails).
 *
 * Parameters (environment variables):
 *   SEND_RECEIVE_URL  the system and the destinations, with {n}    (default amqp://127.0.0.1:5672/fairness.orders-{n};
 *                     the embedded SUT in embedded mode)
 *   DESTINATIONS      how many destinations                        (default 100)
 *   PARALLEL_COUNT    connections per sender and receiver peer; at least DESTINATIONS over all the peers of a role
 *                     to reach every destination                   (default DESTINATIONS)
 *   RATE              msg/s per sender connection                  (default 10: 1,000 msg/s over 100 destinations)
 *   TEST_DURATION     measured time                                (default 60s)
 *   WARM_UP           excluded from the results                    (default 10s)
 *   MAXIMUM_LOSS      messages the test may lose: a count or a percentage   (default 0)
 *
 * Memory: embedded, one JVM holds the system under test, the control broker and 2 × PARALLEL_COUNT connections (200
 *         by default, each with its own I/O thread and buffers): give it 2 GB of heap where the JVM's default is
 *         smaller (MAESTRO_JAVA_OPTS=-Xmx2g; the default is a quarter of the machine's memory).
 *
 * Run:  maestro-cli run test-scripts/DestinationsFairnessTest.groovy
 *       SEND_RECEIVE_URL='amqp://broker:5672/orders-{n}' DESTINATIONS=20 \
 *           maestro-cli run test-scripts/DestinationsFairnessTest.groovy --maestro-url mqtt://control-broker:1883
 */
int destinationCount = maestro.env("DESTINATIONS", 100)
String address = "fairness.orders-{n}"
String url = maestro.isEmbedded() ? maestro.sutUrl(address) : "amqp://127.0.0.1:5672/" + address

maestro.test {
    name "destinations-fairness"
    sut url
    destinations destinationCount
    parallelCount maestro.env("PARALLEL_COUNT", destinationCount)
    rate 10
    duration "60s"
    warmUp "10s"
    maximumLatency 0
}

