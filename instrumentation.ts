// Runs once when a Next.js server starts (never during `next build`), in every worker: the maintenance timer for
// abandoned checkouts and old rate-limit counters, and the mail sender that sends what the outbox holds
// (MAIL_SENDER=off leaves a server without one). The condition is spelled so the edge bundle drops the Node-only
// imports.
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { startMaintenanceTimer } = await import('./lib/maintenance/schedule');
    startMaintenanceTimer();
    const { startMailSender } = await import('./lib/mail/sender');
    const { composeOrderMail } = await import('./lib/orders/messages');
    const { composeQuoteMail, isQuoteMail } = await import('./lib/quotes/messages');
    const { composeTradeMail, isTradeMail } = await import('./lib/trade/messages');
    const { composeColleagueInviteMail, isColleagueInviteMail } = await import('./lib/trade/colleagues-mail');
    const { composeTermsMail, isTermsMail } = await import('./lib/terms/messages');
    startMailSender({
      compose: (mail) =>
        isTermsMail(mail)
          ? composeTermsMail(mail)
          : isColleagueInviteMail(mail)
          ? composeColleagueInviteMail(mail)
          : isTradeMail(mail)
            ? composeTradeMail(mail)
            : isQuoteMail(mail)
              ? composeQuoteMail(mail)
              : composeOrderMail(mail),
    });
  }
}
