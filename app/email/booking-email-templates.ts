import { signature, type DefaultEmailTemplate } from "./default-template-parts";

/** The e-mails of consultation bookings: the invitation, what a booking changes, the reminder, a consultation's details. */
export const BOOKING_EMAIL_TEMPLATES: DefaultEmailTemplate[] = [
  // Consultation booking. Variables: {{FirstName}}, {{LeadName}}, {{LeadEmail}}, {{BookingLink}},
  // {{DaysAhead}}, {{When}} (date, time and zone), {{MeetingLink}}, {{ProposedTimes}}, {{CompanyName}}.
  {
    key: "booking_invitation",
    name: "Booking invitation",
    subject: "Book your free consultation with {{CompanyName}}",
    preheader: "Pick a time that suits you in the next {{DaysAhead}} days.",
    bodyText: `Hi {{FirstName}},

We'd love to talk about your website. Pick a time that suits you in the next {{DaysAhead}} days:

{{BookingLink}}

Times are shown in your own time zone.

${signature.text}`,
    bodyHtml: `<p>Hi {{FirstName}},</p>
<p>We'd love to talk about your website. Pick a time that suits you in the next {{DaysAhead}} days:</p>
<p><a href="{{BookingLink}}" style="display:inline-block;background:#0f766e;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none">Book Your Consultation</a></p>
<p style="font-size:13px;color:#52606d">Or open this link: {{BookingLink}}<br>Times are shown in your own time zone.</p>
${signature.html}`,
  },
  {
    key: "booking_received",
    name: "Booking received (to the visitor)",
    subject: "Your consultation is booked: {{When}}",
    preheader: "We'll confirm with a meeting link shortly.",
    bodyText: `Hi {{FirstName}},

Your consultation is booked for {{When}}. The calendar invitation is attached; we'll confirm with a meeting link shortly.

To reschedule or cancel, open your booking page: {{BookingLink}}

${signature.text}`,
    bodyHtml: `<p>Hi {{FirstName}},</p>
<p>Your consultation is booked for <strong>{{When}}</strong>. The calendar invitation is attached; we'll confirm with a meeting link shortly.</p>
<p>To reschedule or cancel, open <a href="{{BookingLink}}">your booking page</a>.</p>
${signature.html}`,
  },
  {
    key: "booking_agency_notification",
    name: "New booking (to the agency)",
    subject: "New consultation booked: {{LeadName}}, {{When}}",
    preheader: "{{LeadEmail}} booked a consultation.",
    bodyText: `{{LeadName}} ({{LeadEmail}}) booked a consultation for {{When}}.

Confirm it with a meeting link in Consultation Bookings.`,
    bodyHtml: `<p><strong>{{LeadName}}</strong> ({{LeadEmail}}) booked a consultation for <strong>{{When}}</strong>.</p>
<p>Confirm it with a meeting link in Consultation Bookings.</p>`,
  },
  {
    key: "booking_confirmation",
    name: "Consultation confirmed (with meeting link)",
    subject: "Confirmed: your consultation on {{When}}",
    preheader: "Join with {{MeetingLink}}",
    bodyText: `Hi {{FirstName}},

Your consultation on {{When}} is confirmed.

Join here: {{MeetingLink}}

The updated calendar invitation is attached.

${signature.text}`,
    bodyHtml: `<p>Hi {{FirstName}},</p>
<p>Your consultation on <strong>{{When}}</strong> is confirmed.</p>
<p>Join here: <a href="{{MeetingLink}}">{{MeetingLink}}</a></p>
<p>The updated calendar invitation is attached.</p>
${signature.html}`,
  },
  {
    key: "booking_time_change",
    name: "New times proposed",
    subject: "New times for your consultation",
    preheader: "Please pick one of the times we proposed.",
    bodyText: `Hi {{FirstName}},

We need to move your consultation. These times work for us:

{{ProposedTimes}}

Pick the one that suits you on your booking page: {{BookingLink}}

${signature.text}`,
    bodyHtml: `<p>Hi {{FirstName}},</p>
<p>We need to move your consultation. These times work for us:</p>
<p style="white-space:pre-wrap">{{ProposedTimes}}</p>
<p>Pick the one that suits you on <a href="{{BookingLink}}">your booking page</a>.</p>
${signature.html}`,
  },
  {
    key: "booking_rescheduled",
    name: "Consultation rescheduled",
    subject: "Rescheduled: your consultation is now {{When}}",
    preheader: "Your calendar invitation is updated.",
    bodyText: `Hi {{FirstName}},

Your consultation is now on {{When}}. The updated calendar invitation is attached.

Booking page: {{BookingLink}}

${signature.text}`,
    bodyHtml: `<p>Hi {{FirstName}},</p>
<p>Your consultation is now on <strong>{{When}}</strong>. The updated calendar invitation is attached.</p>
<p><a href="{{BookingLink}}">Your booking page</a></p>
${signature.html}`,
  },
  {
    key: "booking_cancelled",
    name: "Consultation cancelled",
    subject: "Cancelled: your consultation on {{When}}",
    preheader: "The calendar event is removed.",
    bodyText: `Hi {{FirstName}},

Your consultation on {{When}} is cancelled. The attached update removes it from your calendar.

Want another time? Reply to this e-mail.

${signature.text}`,
    bodyHtml: `<p>Hi {{FirstName}},</p>
<p>Your consultation on <strong>{{When}}</strong> is cancelled. The attached update removes it from your calendar.</p>
<p>Want another time? Reply to this e-mail.</p>
${signature.html}`,
  },
  {
    key: "booking_reminder",
    name: "Consultation reminder (24 hours before)",
    subject: "Reminder: your consultation is {{When}}",
    preheader: "See you tomorrow.",
    bodyText: `Hi {{FirstName}},

A reminder that your consultation is on {{When}}.

Join here: {{MeetingLink}}

${signature.text}`,
    bodyHtml: `<p>Hi {{FirstName}},</p>
<p>A reminder that your consultation is on <strong>{{When}}</strong>.</p>
<p>Join here: <a href="{{MeetingLink}}">{{MeetingLink}}</a></p>
${signature.html}`,
  },
  {
    key: "consultation_notification",
    name: "Consultation details (sent from a client's page)",
    subject: "Your {{ConsultType}} consultation: {{When}}",
    preheader: "The details of your consultation with {{CompanyName}}.",
    bodyText: `Hi {{FirstName}},

Here are the details of your {{ConsultType}} consultation:

When: {{When}}
Status: {{Status}}
Join here: {{MeetingLink}}

{{Notes}}

Need a different time? Reply to this e-mail.

${signature.text}`,
    bodyHtml: `<p>Hi {{FirstName}},</p>
<p>Here are the details of your {{ConsultType}} consultation:</p>
<p><strong>When:</strong> {{When}}<br><strong>Status:</strong> {{Status}}<br><strong>Join here:</strong> {{MeetingLink}}</p>
<p>{{Notes}}</p>
<p>Need a different time? Reply to this e-mail.</p>
${signature.html}`,
  },
];
