package org.maestro.topology.input;

/** An item read from a file that remembers the line it started on, for error messages. */
public interface Located {

    /** The 1-based line the item starts on, 0 when it was not read from a file. */
    int line();

    /** Records the line the item starts on. */
    void line(int line);

    /** {@code "line N: "} when the line is known, else an empty string. */
    default String at() {
        return line() > 0 ? "line " + line() + ": " : "";
    }
}
