package org.maestro.common.cli;

import org.slf4j.LoggerFactory;

/** Turns Maestro's own logging to debug level for {@code --verbose}, when Logback is the logging back-end. */
final class VerboseLogging {

    private VerboseLogging() {}

    static void enable() {
        try {
            if (LoggerFactory.getLogger("org.maestro") instanceof ch.qos.logback.classic.Logger logger) {
                logger.setLevel(ch.qos.logback.classic.Level.DEBUG);
            }
        } catch (NoClassDefFoundError e) {
            // another logging back-end: its own configuration sets the level
        }
    }
}
