package org.maestro.driver.testing;

import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.maestro.driver.DeliveryOutcome;
import org.maestro.driver.OutcomeListener;

/** Records every outcome a producer reports, by token, for tests that assert on them. Thread-safe. */
public final class RecordedOutcomes implements OutcomeListener {
    /** One reported outcome. */
    public record Reported(DeliveryOutcome outcome, boolean resendable, String detail) {}

    private final Map<Long, Reported> byToken = new HashMap<>();
    private final Map<DeliveryOutcome, Long> counts = new EnumMap<>(DeliveryOutcome.class);
    private long duplicates;

    @Override
    public synchronized void onOutcome(long token, DeliveryOutcome outcome, boolean resendable, String detail) {
        if (byToken.put(token, new Reported(outcome, resendable, detail)) != null) {
            duplicates++;
        }
        counts.merge(outcome, 1L, Long::sum);
        notifyAll();
    }

    /** How many outcomes of that kind were reported. */
    public synchronized long count(DeliveryOutcome outcome) {
        return counts.getOrDefault(outcome, 0L);
    }

    /** How many outcomes were reported in all, a token reported twice counting twice. */
    public synchronized long total() {
        return counts.values().stream().mapToLong(Long::longValue).sum();
    }

    /** Outcomes reported a second time for the same token (a driver must report once per send). */
    public synchronized long duplicates() {
        return duplicates;
    }

    /** The outcome reported (last) for a token, or null. */
    public synchronized Reported of(long token) {
        return byToken.get(token);
    }

    /** The kind of outcome reported (last) for a token, or null. */
    public synchronized DeliveryOutcome outcome(long token) {
        Reported reported = byToken.get(token);
        return reported == null ? null : reported.outcome();
    }

    /** The detail of the outcome reported (last) for a token, or null. */
    public synchronized String detail(long token) {
        Reported reported = byToken.get(token);
        return reported == null ? null : reported.detail();
    }

    /** How many tokens the last outcome reported for is of that kind. */
    public synchronized long tokensWith(DeliveryOutcome outcome) {
        return byToken.values().stream().filter(r -> r.outcome() == outcome).count();
    }

    /** A copy of the outcomes by token. */
    public synchronized Map<Long, Reported> byToken() {
        return Map.copyOf(byToken);
    }

    /** Waits until the condition holds; false when it did not within the time. */
    public synchronized boolean await(Predicate<RecordedOutcomes> condition, long millis) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        while (!condition.test(this)) {
            long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
            if (left <= 0) {
                return false;
            }
            wait(left);
        }
        return true;
    }

    @Override
    public synchronized String toString() {
        return counts + (duplicates > 0 ? " duplicates " + duplicates : "");
    }
}
