package org.maestro.client.api.search;

/** Runs one attempt of a search step: a load at a rate on a number of connections, judged pass or fail. */
@FunctionalInterface
public interface StepRunner {

    /**
     * @param rate        the search's rate: per connection, or the total per sender peer in a fair search
     * @param connections connections per sender and receiver peer
     */
    StepOutcome run(int rate, int connections);
}
