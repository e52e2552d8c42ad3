package org.maestro.reporter.read;

import java.util.Locale;

/** The part a peer played in a test, which decides which of its files the reporter reads. */
public enum Role {
    SENDER,
    RECEIVER,
    INSPECTOR,
    AGENT,
    OTHER;

    /** Lower-case name as written in test.properties and peer-result.json. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Parses a role name; null or unknown names give {@link #OTHER}. */
    public static Role parse(String text) {
        if (text == null) {
            return OTHER;
        }
        try {
            return valueOf(text.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            return OTHER;
        }
    }
}
