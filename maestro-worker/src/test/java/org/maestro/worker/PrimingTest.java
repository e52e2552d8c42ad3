package org.maestro.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.apache.activemq.artemis.api.core.Message;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.postoffice.RoutingStatus;
import org.apache.activemq.artemis.core.server.Queue;
import org.apache.activemq.artemis.core.server.ServerSession;
import org.apache.activemq.artemis.core.server.plugin.ActiveMQServerMessagePlugin;
import org.apache.activemq.artemis.core.transaction.Transaction;
import org.apache.activemq.artemis.protocol.amqp.broker.AMQPMessage;
import org.apache.qpid.proton.amqp.Binary;
import org.apache.qpid.proton.amqp.messaging.Data;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.maestro.common.measure.PeerResult;
import org.maestro.common.protocol.Command;
import org.maestro.embedded.AmqpBroker;
import org.maestro.worker.measure.MessageStamp;

/**
 * Priming against a real embedded Artemis over AMQP, with both drivers: each sender connection sends its priming
 * messages before its timeline starts, the broker gets them all before the first message of the test, and the
 * receiver counts, measures and tracks none of them.
 */
@Tag("timing") // run alone, after the other tests of this module (see the parent pom)
class PrimingTest {
    @RegisterExtension
    static final AmqpBroker broker = new AmqpBroker("worker-priming");

    private static final List<byte[]> ARRIVALS = Collections.synchronizedList(new ArrayList<>());

    @TempDir
    Path results;

    @BeforeAll
    static void configureBroker() {
        // the order in which the broker takes the messages of the priming.* queues, as each arrives
        broker.server().registerBrokerPlugin(new ActiveMQServerMessagePlugin() {
            @Override
            public void afterSend(
                    ServerSession session,
                    Transaction tx,
                    Message message,
                    boolean direct,
                    boolean noAutoCreateQueue,
                    RoutingStatus result) {
                if (message instanceof AMQPMessage amqp && message.getAddress().startsWith("priming.")) {
                    ARRIVALS.add(bodyOf(amqp));
                }
            }
        });
    }

    private static byte[] bodyOf(AMQPMessage message) {
        if (message.getBody() instanceof Data data) {
            Binary value = data.getValue();
            return Arrays.copyOfRange(
                    value.getArray(), value.getArrayOffset(), value.getArrayOffset() + value.getLength());
        }
        return new byte[0];
    }

    @ParameterizedTest
    @ValueSource(strings = {"amqp", "proton"})
    void primingMessagesGoFirstAndAreNotCounted(String scheme) throws Exception {
        String queue = "priming." + scheme;
        ARRIVALS.clear();
        LoadTestRun run = new LoadTestRun(
                        results,
                        Map.of(
                                "SEND_RECEIVE_URL",
                                scheme + "://127.0.0.1:" + broker.amqpPort() + "/" + queue,
                                "TEST_DURATION",
                                "3s",
                                "RATE",
                                "500",
                                "PARALLEL_COUNT",
                                "2",
                                "MESSAGE_SIZE",
                                "256",
                                "PRIMING_MESSAGES",
                                "300",
                                "TEST_NAME",
                                "priming-" + scheme))
                .run();
        assertEquals(Command.NOTIFY_SUCCESS, run.senderOutcome.command(), run.senderOutcome.message());
        assertEquals(Command.NOTIFY_SUCCESS, run.receiverOutcome.command(), run.receiverOutcome.message());

        PeerResult sender = run.senderResult();
        PeerResult receiver = run.receiverResult();
        assertEquals(
                sender.outcomes().accepted(),
                sender.count(),
                "outcomes count the test's messages only: " + sender.outcomes());
        MessageTally total = run.total();
        assertEquals(sender.count(), total.sent());
        assertEquals(sender.count(), total.received(), "priming messages are not received messages");
        assertEquals(0, total.lost());
        assertEquals(0, total.duplicates(), "priming messages do not reuse the test's sequence numbers");
        assertEquals(0, receiver.errors(), "priming messages are not foreign messages");
        assertEquals(2, receiver.streams().size(), "one stream per sender connection: " + receiver.streams());
        assertEquals(
                sender.count(),
                HistogramLogs.all(run.receiverDirectory().resolve("response-time.hlog"))
                        .getTotalCount(),
                "no response time of a priming message");

        // the broker got 300 priming messages per connection, each before the connection's first test message
        Queue held = broker.server().locateQueue(SimpleString.of(queue));
        assertEquals(sender.count() + 600, held.getMessagesAdded(), "test messages + 2 × 300 priming");
        int[] priming = new int[2];
        boolean[] started = new boolean[2];
        synchronized (ARRIVALS) {
            for (byte[] body : ARRIVALS) {
                int connection = MessageStamp.connection(body);
                if (MessageStamp.priming(body)) {
                    assertTrue(
                            !started[connection],
                            "a priming message of connection " + connection + " after its timeline started");
                    assertEquals(priming[connection]++, MessageStamp.sequence(body), "priming messages in order");
                } else {
                    started[connection] = true;
                }
            }
        }
        assertEquals(300, priming[0]);
        assertEquals(300, priming[1]);
    }

    /**
     * A fixed-rate sender primed before its timeline starts is on its timeline from its first measured second (no
     * warm-up here): generous bounds, checked only when the machine kept up with the run as a whole.
     */
    @ParameterizedTest
    @ValueSource(strings = {"amqp", "proton"})
    void theFirstMeasuredSecondIsOnTheTimeline(String scheme) throws Exception {
        LoadTestRun run = new LoadTestRun(
                        results,
                        Map.of(
                                "SEND_RECEIVE_URL",
                                scheme + "://127.0.0.1:" + broker.amqpPort() + "/priming.timeline." + scheme,
                                "TEST_DURATION",
                                "4s",
                                "RATE",
                                "2000",
                                "MESSAGE_SIZE",
                                "256",
                                "WARM_UP",
                                "0",
                                "TEST_NAME",
                                "timeline-" + scheme))
                .run();
        assertEquals(Command.NOTIFY_SUCCESS, run.senderOutcome.command(), run.senderOutcome.message());
        List<Histogram> seconds = HistogramLogs.intervals(run.senderDirectory().resolve("send-delay.hlog"));
        assertTrue(seconds.size() >= 3, "one send-delay interval per second: " + seconds.size());
        Histogram all = new Histogram(3_600_000_000L, 3);
        seconds.forEach(all::add);
        long median = all.getValueAtPercentile(50);
        assumeTrue(
                median < 10_000,
                "the machine was too busy to check timing: the median send delay was "
                        + median / 1000 + " ms (load average "
                        + ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage() + ")");
        Histogram first = seconds.get(0);
        assertTrue(first.getTotalCount() >= 1_000, "the first second sent " + first.getTotalCount() + " of 2000");
        assertTrue(
                first.getValueAtPercentile(90) < 200_000,
                "send delay p90 of the first second: " + first.getValueAtPercentile(90) + " µs");
    }
}
