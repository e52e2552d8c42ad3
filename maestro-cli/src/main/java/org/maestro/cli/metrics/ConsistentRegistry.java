package org.maestro.cli.metrics;

import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.registry.PrometheusScrapeRequest;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.util.function.Predicate;

/**
 * A registry whose scrapes hold the lock its owner holds while it changes several series, so that a scrape sees the
 * series of a test either all or not at all, never half of an update.
 */
final class ConsistentRegistry extends PrometheusRegistry {
    private final Object lock;

    /** @param lock the monitor the owner holds while it sets or removes series */
    ConsistentRegistry(Object lock) {
        this.lock = lock;
    }

    @Override
    public MetricSnapshots scrape() {
        synchronized (lock) {
            return super.scrape();
        }
    }

    @Override
    public MetricSnapshots scrape(PrometheusScrapeRequest request) {
        synchronized (lock) {
            return super.scrape(request);
        }
    }

    @Override
    public MetricSnapshots scrape(Predicate<String> includedNames) {
        synchronized (lock) {
            return super.scrape(includedNames);
        }
    }

    @Override
    public MetricSnapshots scrape(Predicate<String> includedNames, PrometheusScrapeRequest request) {
        synchronized (lock) {
            return super.scrape(includedNames, request);
        }
    }
}
