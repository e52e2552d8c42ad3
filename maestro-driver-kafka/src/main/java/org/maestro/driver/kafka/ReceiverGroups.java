package org.maestro.driver.kafka;

import java.util.HashMap;
import java.util.Map;
import java.util.UUID;

/**
 * The consumer groups of receivers whose URL names none: every receiver connection of one URL open at the same
 * time in this JVM joins one group, and a group is new once all of them closed. So the connections of a receiver
 * peer share the partitions, each receiver peer (its own JVM) reads every message once, and the next test run gets
 * a fresh group that starts at the end of the topic. Thread-safe.
 */
final class ReceiverGroups {
    private final Map<String, Group> groups = new HashMap<>();

    /** Joins the current group of the URL and returns its name. */
    synchronized String join(String url) {
        Group group = groups.computeIfAbsent(
                url, u -> new Group("maestro-" + UUID.randomUUID().toString().substring(0, 13)));
        group.members++;
        return group.name;
    }

    /** Leaves the group that {@link #join} returned; the last member to leave retires it. */
    synchronized void leave(String url, String name) {
        Group group = groups.get(url);
        if (group != null && group.name.equals(name) && --group.members == 0) {
            groups.remove(url);
        }
    }

    private static final class Group {
        private final String name;
        private int members;

        Group(String name) {
            this.name = name;
        }
    }
}
