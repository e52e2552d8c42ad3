package org.maestro.agent.run;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.maestro.agent.handler.Undo;

/**
 * The changes actions left in place on purpose (a process left stopped), each with what puts it back when the agent
 * stops; thread-safe.
 */
public final class Restorations {

    /** One change to put back. */
    public record Restoration(String key, String description, Undo undo) {}

    private final Map<String, Restoration> byKey = new LinkedHashMap<>();

    /** Keeps a restoration, replacing an earlier one with the same key. */
    public synchronized void keep(String key, String description, Undo undo) {
        byKey.remove(key);
        byKey.put(key, new Restoration(key, description, undo));
    }

    /** Removes and returns the restoration of a key. */
    public synchronized Optional<Restoration> take(String key) {
        return Optional.ofNullable(byKey.remove(key));
    }

    /** How many are kept. */
    public synchronized int size() {
        return byKey.size();
    }

    /**
     * Runs and removes all, the last kept first; a failing one does not stop the others.
     *
     * @param failures receives a message for each that failed
     * @return how many ran
     */
    public int runAll(Consumer<String> failures) {
        List<Restoration> all;
        synchronized (this) {
            all = new ArrayList<>(byKey.values());
            byKey.clear();
        }
        for (int i = all.size() - 1; i >= 0; i--) {
            Restoration restoration = all.get(i);
            try {
                restoration.undo().run();
            } catch (Exception e) {
                failures.accept(restoration.description() + ": " + e.getMessage());
            }
        }
        return all.size();
    }
}
