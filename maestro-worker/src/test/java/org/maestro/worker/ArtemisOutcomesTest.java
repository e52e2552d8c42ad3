package org.maestro.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.activemq.artemis.core.settings.impl.AddressFullMessagePolicy;
import org.apache.activemq.artemis.core.settings.impl.AddressSettings;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.maestro.base.time.MicroClock;
import org.maestro.common.measure.OutcomeCounts;
import org.maestro.common.measure.PeerResult;
import org.maestro.driver.DeliveryOutcome;
import org.maestro.driver.DriverConnection;
import org.maestro.driver.DriverException;
import org.maestro.driver.DriverProducer;
import org.maestro.driver.Drivers;
import org.maestro.driver.testing.RecordedOutcomes;
import org.maestro.embedded.AmqpBroker;

/**
 * Both drivers against an embedded Artemis whose {@code full.*} addresses hold at most 20 kB and fail sends beyond
 * (address-full policy FAIL): the broker accepts messages until the address is full and rejects the rest (condition
 * {@code amqp:resource-limit-exceeded}), and a sender counts the rejected ones as refused and the accepted ones
 * nobody received as vanished.
 */
class ArtemisOutcomesTest {
    @RegisterExtension
    static final AmqpBroker broker = new AmqpBroker("worker-outcomes");

    @TempDir
    Path results;

    @BeforeAll
    static void configureBroker() {
        broker.server()
                .getAddressSettingsRepository()
                .addMatch(
                        "full.#",
                        new AddressSettings()
                                .setMaxSizeBytes(20_000)
                                .setAddressFullMessagePolicy(AddressFullMessagePolicy.FAIL));
    }

    private static String url(String scheme, String address) {
        return scheme + "://127.0.0.1:" + broker.amqpPort() + "/" + address;
    }

    /**
     * The Proton-J driver sends all 100 with the broker's initial credit and gets an outcome for each. Qpid JMS
     * answers the broker's drain once the address is full by giving up its credit, which the broker does not renew
     * while the address stays full: its next send waits until the connection closes and fails then.
     */
    @ParameterizedTest
    @ValueSource(strings = {"amqp", "proton"})
    void aFullAddressRejectsWhatItCannotHold(String scheme) throws Exception {
        String url = url(scheme, "full.driver-" + scheme);
        RecordedOutcomes outcomes = new RecordedOutcomes();
        AtomicLong returned = new AtomicLong();
        try (DriverConnection connection = Drivers.forUrl(url).connect(url, MicroClock.system(), LoadTestRun.PATIENT)) {
            DriverProducer producer = connection.createProducer(outcomes);
            Thread sender = new Thread(() -> {
                try {
                    for (long token = 0; token < 100; token++) {
                        producer.send(token, new byte[1024], 1024);
                        returned.incrementAndGet();
                    }
                } catch (DriverException e) {
                    // a send waiting for credit when the connection closes
                }
            });
            sender.setDaemon(true);
            sender.start();
            sender.join(scheme.equals("proton") ? 20_000 : 3_000);
            assertTrue(
                    outcomes.await(o -> o.total() == returned.get(), 20_000),
                    returned + " sends returned, outcomes: " + outcomes);
            assertFalse(connection.failed(), "a rejection does not fail the connection");
            connection.close();
            sender.join(10_000);
        }
        if (scheme.equals("proton")) {
            assertEquals(100, returned.get());
        }
        long accepted = outcomes.count(DeliveryOutcome.ACCEPTED);
        long rejected = outcomes.count(DeliveryOutcome.REJECTED);
        assertEquals(returned.get(), accepted + rejected, outcomes.toString());
        assertTrue(accepted >= 5 && accepted < 30, "the address holds about 20 messages of 1 kB: " + outcomes);
        assertTrue(rejected >= 1, outcomes.toString());
        outcomes.byToken().forEach((token, reported) -> {
            // the address fills up once: everything after the first rejection is rejected too
            assertEquals(
                    token >= accepted ? DeliveryOutcome.REJECTED : DeliveryOutcome.ACCEPTED,
                    reported.outcome(),
                    "message " + token + ": " + reported);
            assertFalse(reported.resendable(), "a rejected or accepted message is not sent again: " + reported);
        });
        String reason = outcomes.of(accepted).detail();
        assertTrue(
                reason.contains("is full") && reason.contains("resource-limit-exceeded"),
                "the broker's reason: " + reason);
    }

    /** Through the sender role (Proton-J, which does not stall on a full address). */
    @ParameterizedTest
    @ValueSource(strings = {"proton"})
    void rejectedMessagesAreRefusedAndAcceptedOnesNobodyReceivedVanished(String scheme) throws Exception {
        LoadTestRun run = new LoadTestRun(
                        results,
                        Map.of(
                                "SEND_URL",
                                url(scheme, "full.role-" + scheme),
                                "RECEIVE_URL",
                                url(scheme, "elsewhere-" + scheme),
                                "TEST_DURATION",
                                "300",
                                "RATE",
                                "0",
                                "MESSAGE_SIZE",
                                "1024",
                                "TEST_NAME",
                                "full-" + scheme,
                                // priming messages would fill the address before the run
                                "PRIMING_MESSAGES",
                                "0"))
                .run();
        PeerResult sender = run.senderResult();
        OutcomeCounts outcomes = sender.outcomes();
        assertEquals(300, sender.count());
        assertEquals(300, outcomes.accepted() + outcomes.rejected(), outcomes.toString());
        assertTrue(outcomes.rejected() > 200, outcomes.toString());
        assertEquals(outcomes.rejected(), sender.errors(), "rejections count as errors");
        assertEquals(outcomes, sender.streams().get(0).outcomes());
        assertTrue(
                run.senderOutcome.message().contains(outcomes.rejected() + " rejected"), run.senderOutcome.message());

        MessageTally total = run.total();
        assertEquals(0, total.received());
        assertEquals(300, total.lost());
        assertEquals(outcomes.rejected(), total.refused(), "the sender was told of each rejection");
        assertEquals(outcomes.accepted(), total.vanished(), "accepted, then never received");
        assertEquals(total.sent(), total.received() + total.refused() + total.vanished());
    }
}
