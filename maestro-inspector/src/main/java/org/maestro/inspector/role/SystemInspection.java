package org.maestro.inspector.role;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.maestro.base.net.ManagementUrl;
import org.maestro.base.time.MicroClock;
import org.maestro.common.files.inspector.InspectorProperties;
import org.maestro.common.options.Durations;
import org.maestro.inspector.InspectionPoller;
import org.maestro.inspector.Inspector;
import org.maestro.inspector.PollerStats;
import org.maestro.inspector.csv.DataSetFiles;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One running inspection of one system and what it writes: its inspector, its poller, its data set files and its
 * {@code inspector.properties} in its own directory. An inspector peer runs one per inspected system, each with its
 * own polling and failures.
 *
 * @param system the inspected system's name, empty for the single system of the older START_INSPECTOR form
 */
record SystemInspection(
        String system,
        Inspector inspector,
        ManagementUrl url,
        Duration interval,
        Path directory,
        DataSetFiles files,
        long startMillis,
        InspectionPoller poller) {
    private static final Logger LOG = LoggerFactory.getLogger(SystemInspection.class);
    private static final Duration STOP_WAIT = Duration.ofSeconds(3);

    /** How messages name it: {@code the dispatch inspector} or {@code the dispatch inspector of router1}. */
    String describe() {
        return "the " + inspector.name() + " inspector" + (system.isEmpty() ? "" : " of " + system);
    }

    /** Stops polling (waiting a little for a poll in progress when asked), closes everything, returns figures. */
    PollerStats end(boolean wait, MicroClock clock) {
        boolean idle = false;
        try {
            idle = wait && poller.stop(STOP_WAIT);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (!idle) {
            poller.halt();
        }
        inspector.close();
        try {
            files.close();
        } catch (IOException e) {
            LOG.warn("cannot close the inspector files in {}: {}", directory, e.getMessage());
        }
        PollerStats stats = poller.stats();
        writeProperties(stats, clock.nowMicros() / 1_000);
        return stats;
    }

    /** Writes {@code inspector.properties}: what is known at start, and the figures once stopped. */
    void writeProperties(PollerStats stats, long endMillis) {
        Map<String, String> entries = new LinkedHashMap<>(inspector.facts());
        entries.put("inspector.name", inspector.name());
        if (!system.isEmpty()) {
            entries.put("inspector.system", system);
        }
        entries.put("inspector.url", url.redacted());
        entries.put("inspector.interval", Durations.format(interval));
        entries.put("inspector.start", Long.toString(startMillis));
        if (stats != null) {
            entries.put("inspector.end", Long.toString(endMillis));
            entries.put("inspector.polls", Long.toString(stats.polls()));
            entries.put("inspector.errors", Long.toString(stats.errors()));
            entries.put("inspector.skippedTicks", Long.toString(stats.skippedTicks()));
            entries.put("inspector.lastError", stats.lastError());
        }
        try {
            InspectorProperties.write(directory, entries);
        } catch (IOException e) {
            LOG.warn("cannot write {} in {}: {}", InspectorProperties.FILE, directory, e.getMessage());
        }
    }
}
