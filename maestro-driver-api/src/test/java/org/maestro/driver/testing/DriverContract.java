package org.maestro.driver.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.maestro.base.time.MicroClock;
import org.maestro.driver.Driver;
import org.maestro.driver.DriverConnection;
import org.maestro.driver.DriverException;
import org.maestro.driver.DriverProducer;

/**
 * What every driver must do, checked by the same cases for each: a driver's test extends this class with its
 * driver and the URLs of a destination of the test's own (set up, and skipped when its system is missing, by the
 * subclass's {@code @BeforeEach}), e.g.
 *
 * <pre>{@code
 * class RabbitContractTest extends DriverContract {
 *     protected Driver driver() { return new RabbitDriver(); }
 *     protected String acknowledgedUrl() { return LocalRabbitMq.url("queue=" + name + "&declare=true"); }
 *     protected String unacknowledgedUrl() { return LocalRabbitMq.url("queue=" + name + "&confirm=false"); }
 * }
 * }</pre>
 *
 * <p>The cases: a receiver and a sender connection carry {@link #count()} bodies of many lengths unchanged and in
 * sequence, each received no earlier than it was sent and within the timeout, and accepted once each; without
 * acknowledgements sends report no outcome; an unknown option is refused before connecting, naming it.
 */
public abstract class DriverContract {
    /** The option no driver knows, which {@link #refusesAnUnknownOptionBeforeConnecting()} adds. */
    static final String UNKNOWN_OPTION = "maestroNoSuchOption";

    /** The driver under test. */
    protected abstract Driver driver();

    /** A URL whose sends report outcomes (acknowledged, confirmed, with receipts), on a destination of its own. */
    protected abstract String acknowledgedUrl() throws Exception;

    /** A URL of the same destination whose sends report none (fire and forget), or null when the driver has none. */
    protected String unacknowledgedUrl() throws Exception {
        return null;
    }

    /** How many messages the carrying case sends. */
    protected int count() {
        return 1000;
    }

    /** How many messages the case without acknowledgements sends. */
    protected int unacknowledgedCount() {
        return 200;
    }

    /** The connect timeout, and how long the cases wait for messages and outcomes. */
    protected Duration timeout() {
        return Duration.ofSeconds(20);
    }

    @Test
    public void carriesTheBytesInSequenceAndAcceptsEverySend() throws Exception {
        DriverChecks.carriesInSequence(driver(), acknowledgedUrl(), count(), timeout(), true);
    }

    @Test
    public void withoutAcknowledgementsSendsHaveNoOutcome() throws Exception {
        String url = unacknowledgedUrl();
        assumeTrue(url != null, "the driver has no sends without acknowledgement");
        int count = unacknowledgedCount();
        AtomicInteger received = new AtomicInteger();
        AtomicInteger reports = new AtomicInteger();
        try (DriverConnection receiver = driver().connect(url, MicroClock.system(), timeout());
                DriverConnection sender = driver().connect(url, MicroClock.system(), timeout())) {
            receiver.createConsumer((body, micros) -> received.incrementAndGet());
            DriverProducer producer =
                    sender.createProducer((token, outcome, resendable, detail) -> reports.incrementAndGet());
            assertFalse(producer.reportsOutcomes(), "sends to " + url + " report no outcome");
            for (int i = 0; i < count; i++) {
                producer.send(i, new byte[64], 64);
            }
            DriverChecks.awaitTrue(
                    timeout(), () -> received.get() >= count, () -> received.get() + " of " + count + " received");
        }
        assertEquals(count, received.get());
        assertEquals(0, reports.get(), "no outcome without acknowledgements");
    }

    @Test
    public void refusesAnUnknownOptionBeforeConnecting() throws Exception {
        String url = acknowledgedUrl();
        String wrong = url + (url.contains("?") ? "&" : "?") + UNKNOWN_OPTION + "=1";
        DriverException e = assertThrows(DriverException.class, () -> driver().check(wrong));
        assertTrue(e.getMessage().contains("unknown option '" + UNKNOWN_OPTION + "'"), e.getMessage());
        assertTrue(e.getMessage().contains("known options: "), e.getMessage());
    }
}
