package org.maestro.worker.router;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.maestro.base.time.MicroClock;
import org.maestro.driver.DeliveryOutcome;
import org.maestro.driver.DriverConnection;
import org.maestro.driver.DriverConsumer;
import org.maestro.driver.DriverProducer;
import org.maestro.driver.Drivers;
import org.maestro.driver.testing.RecordedOutcomes;
import org.maestro.testing.RealRouter;

/**
 * Both drivers against a real Qpid Dispatch router: the router accepts what it routes to a consumer, and once the
 * only consumer of an anycast address has gone it releases what the sender still had credit for and gives no more
 * credit (Qpid JMS honours the router's drain and stops early; the Proton-J driver uses its remaining credit). Every
 * send that returned gets exactly one outcome; what never left the client when the connection closes failed.
 */
class RouterOutcomesTest {
    @TempDir
    static Path work;

    private static RealRouter router;

    @BeforeAll
    static void startRouter() throws Exception {
        router = RealRouter.startStandalone(work.resolve("router"));
    }

    @AfterAll
    static void stopRouter() throws Exception {
        if (router != null) {
            router.close();
        }
    }

    private static DriverConnection connect(String url) throws Exception {
        return Drivers.forUrl(url).connect(url, MicroClock.system(), Duration.ofSeconds(20));
    }

    @ParameterizedTest
    @ValueSource(strings = {"amqp", "proton"})
    void acceptsWhileAConsumerListensAndReleasesOnceItHasGone(String scheme) throws Exception {
        String url = router.url(scheme, "closest/outcomes-" + scheme);
        RecordedOutcomes outcomes = new RecordedOutcomes();
        AtomicLong received = new AtomicLong();
        Set<Long> returned = ConcurrentHashMap.newKeySet();
        AtomicLong thrown = new AtomicLong();
        DriverConnection receiving = connect(url);
        DriverConsumer consumer = receiving.createConsumer((body, micros) -> received.incrementAndGet());
        DriverConnection sending = connect(url);
        try {
            DriverProducer producer = sending.createProducer(outcomes);
            assertTrue(producer.reportsOutcomes());
            for (long token = 0; token < 100; token++) {
                producer.send(token, new byte[64], 64);
                returned.add(token);
            }
            assertTrue(outcomes.await(o -> o.total() == 100, 20_000), "outcomes of the first 100: " + outcomes);
            assertEquals(100, outcomes.count(DeliveryOutcome.ACCEPTED), outcomes.toString());
            await("the first 100 received").atMost(Duration.ofSeconds(30)).until(() -> received.get() == 100);

            consumer.close();
            receiving.close();
            // a grace period for the router to process the detach: nothing the drivers show says when it has
            Thread.sleep(300);
            Thread sender = new Thread(() -> {
                for (long token = 100; token < 400; token++) {
                    try {
                        producer.send(token, new byte[64], 64);
                        returned.add(token);
                    } catch (Exception e) {
                        thrown.incrementAndGet();
                        return; // the connection closed under a send waiting for credit
                    }
                }
            });
            sender.setDaemon(true);
            sender.start();
            assertTrue(
                    outcomes.await(o -> o.count(DeliveryOutcome.RELEASED) > 0, 20_000),
                    "no release after the consumer left: " + outcomes);
            sender.join(1_000);
            sending.close();
            sender.join(20_000);
            assertTrue(!sender.isAlive(), "a send still blocks after the connection closed");
            assertTrue(
                    outcomes.await(o -> o.total() == returned.size(), 10_000),
                    returned.size() + " sends returned, outcomes: " + outcomes);
        } finally {
            sending.close();
            receiving.close();
        }
        assertEquals(0, outcomes.duplicates(), "one outcome per send: " + outcomes);
        assertEquals(returned, new HashSet<>(outcomes.byToken().keySet()), "an outcome for each send that returned");
        assertEquals(100, outcomes.count(DeliveryOutcome.ACCEPTED), outcomes.toString());
        assertEquals(0, outcomes.count(DeliveryOutcome.REJECTED), outcomes.toString());
        assertEquals(100, received.get(), "nothing reached a consumer after it left");
        outcomes.byToken().forEach((token, reported) -> {
            if (reported.outcome() == DeliveryOutcome.RELEASED) {
                assertTrue(reported.resendable(), "a released message may be sent again: " + reported);
                assertTrue(token >= 100, "released while the consumer listened: " + token);
            }
        });
        if (scheme.equals("proton")) {
            // the driver used the credit it had (the router's window of 250) and queued the rest until the close
            assertEquals(
                    300,
                    outcomes.count(DeliveryOutcome.RELEASED) + outcomes.count(DeliveryOutcome.FAILED),
                    outcomes.toString());
            assertEquals(250, outcomes.count(DeliveryOutcome.RELEASED), outcomes.toString());
        }
    }

    /**
     * Dispatch 1.19 gives a sender no credit for an address no consumer ever attached to, multicast as well as
     * anycast: nothing is sent, so nothing is accepted or released. The Proton-J driver queues the messages and
     * reports them failed when the connection closes; a Qpid JMS send waits for credit and throws then.
     */
    @ParameterizedTest
    @ValueSource(strings = {"amqp", "proton"})
    void withoutAnyConsumerTheRouterGivesNoCreditAndNothingIsSettled(String scheme) throws Exception {
        String url = router.url(scheme, "multicast/nobody-" + scheme);
        RecordedOutcomes outcomes = new RecordedOutcomes();
        AtomicLong returned = new AtomicLong();
        AtomicLong thrown = new AtomicLong();
        DriverConnection sending = connect(url);
        try {
            DriverProducer producer = sending.createProducer(outcomes);
            Thread sender = new Thread(() -> {
                for (long token = 0; token < 10; token++) {
                    try {
                        producer.send(token, new byte[64], 64);
                        returned.incrementAndGet();
                    } catch (Exception e) {
                        thrown.incrementAndGet();
                        return;
                    }
                }
            });
            sender.setDaemon(true);
            sender.start();
            sender.join(1_000);
            Thread.sleep(500); // time passes in which the router must give no credit and settle nothing
            assertEquals(0, outcomes.total(), "no credit, nothing settled: " + outcomes);
            sending.close();
            sender.join(20_000);
        } finally {
            sending.close();
        }
        if (scheme.equals("proton")) {
            assertEquals(10, returned.get(), "queued for credit");
            assertEquals(10, outcomes.count(DeliveryOutcome.FAILED), outcomes.toString());
            assertEquals(10, outcomes.total(), outcomes.toString());
        } else {
            assertEquals(0, returned.get(), "the first send waits for credit");
            assertEquals(1, thrown.get(), "and fails when the connection closes");
            assertEquals(0, outcomes.total(), "a send that throws reports no outcome: " + outcomes);
        }
    }
}
