package org.maestro.driver.jms;

import java.io.IOException;
import org.apache.qpid.jms.exceptions.JmsConnectionClosedException;
import org.apache.qpid.jms.exceptions.JmsConnectionFailedException;
import org.apache.qpid.jms.provider.ProviderException;
import org.apache.qpid.jms.provider.exceptions.ProviderDeliveryModifiedException;
import org.apache.qpid.jms.provider.exceptions.ProviderDeliveryReleasedException;
import org.apache.qpid.jms.provider.exceptions.ProviderIOException;
import org.apache.qpid.jms.provider.exceptions.ProviderInvalidDestinationException;
import org.apache.qpid.jms.provider.exceptions.ProviderOperationTimedOutException;
import org.apache.qpid.jms.provider.exceptions.ProviderResourceAllocationException;
import org.apache.qpid.jms.provider.exceptions.ProviderResourceClosedException;
import org.apache.qpid.jms.provider.exceptions.ProviderSecurityException;
import org.apache.qpid.jms.provider.exceptions.ProviderTransactionRolledBackException;
import org.maestro.driver.DeliveryOutcome;

/**
 * Tells the outcome of a failed Qpid JMS send by the cause chain of its exception. Qpid JMS turns the remote state
 * of a delivery into a provider exception: released into {@link ProviderDeliveryReleasedException}, modified into
 * {@link ProviderDeliveryModifiedException}, rejected into a non-fatal provider exception made from the rejection's
 * error condition (security, resource limit, invalid destination, rolled back, or a plain
 * {@link ProviderException}); a lost connection gives I/O, closed or timed-out exceptions. Stateless.
 */
final class JmsOutcomes {

    /** An outcome and whether sending the message again may succeed. */
    record Classified(DeliveryOutcome outcome, boolean resendable) {}

    private JmsOutcomes() {}

    /** The outcome a send failing with this exception had. */
    static Classified classify(Throwable error) {
        ProviderException provider = null;
        for (Throwable cause = error; cause != null && cause.getCause() != cause; cause = cause.getCause()) {
            if (cause instanceof ProviderDeliveryReleasedException) {
                return new Classified(DeliveryOutcome.RELEASED, true);
            }
            if (cause instanceof ProviderDeliveryModifiedException modified) {
                return new Classified(DeliveryOutcome.MODIFIED, !modified.isUndeliverableHere());
            }
            if (cause instanceof IOException
                    || cause instanceof JmsConnectionFailedException
                    || cause instanceof JmsConnectionClosedException) {
                return new Classified(DeliveryOutcome.FAILED, false);
            }
            if (provider == null && cause instanceof ProviderException found) {
                provider = found;
            }
        }
        return new Classified(isRejection(provider) ? DeliveryOutcome.REJECTED : DeliveryOutcome.FAILED, false);
    }

    /** True for the delivery outcomes a sender counts apart from connection failures: released, modified, rejected. */
    static boolean isDeliveryOutcome(Throwable error) {
        return classify(error).outcome() != DeliveryOutcome.FAILED;
    }

    private static boolean isRejection(ProviderException provider) {
        if (provider == null
                || provider instanceof ProviderIOException
                || provider instanceof ProviderOperationTimedOutException) {
            return false;
        }
        if (provider instanceof ProviderResourceAllocationException) {
            return true;
        }
        return !(provider instanceof ProviderResourceClosedException)
                && (provider.getClass() == ProviderException.class
                        || provider instanceof ProviderSecurityException
                        || provider instanceof ProviderInvalidDestinationException
                        || provider instanceof ProviderTransactionRolledBackException);
    }
}
