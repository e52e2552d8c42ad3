package org.maestro.client.api;

import java.util.List;
import java.util.function.UnaryOperator;
import org.maestro.common.options.DestinationUrls;
import org.maestro.common.options.OptionCode;
import org.maestro.common.options.TestOptions;
import org.maestro.driver.DriverException;
import org.maestro.driver.Drivers;

/**
 * Checks the URLs of the system under test with the drivers on the client (scheme, address, driver options), so that
 * a wrong URL is refused before any peer is asked to use it or an embedded broker starts.
 */
public final class SutUrls {
    private static final List<OptionCode> URLS =
            List.of(OptionCode.BROKER, OptionCode.SEND_URL, OptionCode.RECEIVE_URL);

    private SutUrls() {}

    /**
     * Checks the URLs a test resolved to.
     *
     * @throws MaestroException exit code 2, naming the parameter and what is wrong with its URL
     */
    public static void check(TestOptions options) {
        for (OptionCode option : URLS) {
            options.get(option).ifPresent(url -> check(option, url));
        }
    }

    /**
     * Checks the URLs the environment gives (SEND_RECEIVE_URL, SEND_URL, RECEIVE_URL), which override every test's.
     *
     * @throws MaestroException exit code 2, naming the variable and what is wrong with its URL
     */
    public static void checkEnvironment(UnaryOperator<String> environment) {
        for (OptionCode option : URLS) {
            String url = environment.apply(option.parameter());
            if (url != null && !url.isBlank()) {
                check(option, url.trim());
            }
        }
    }

    private static void check(OptionCode option, String url) {
        // the drivers check the URL of destination 0: {n} and {s} (DESTINATIONS, SUBSCRIPTIONS) are not their syntax
        String first = DestinationUrls.resolve(url, 0, 0);
        try {
            Drivers.forUrl(first).check(first);
        } catch (DriverException e) {
            throw MaestroException.usage(option.parameter() + ": " + e.getMessage());
        }
    }
}
