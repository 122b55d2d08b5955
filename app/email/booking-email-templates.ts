import { button, emailBody, facts, letter, paragraph, preformatted, type DefaultEmailTemplate } from "./default-template-parts";

/** The e-mails of consultation bookings: the invitation, what a booking changes, the reminder, a consultation's details. */
export const BOOKING_EMAIL_TEMPLATES: DefaultEmailTemplate[] = [
  // Consultation booking. Variables: {{FirstName}}, {{LeadName}}, {{LeadEmail}}, {{BookingLink}},
  // {{DaysAhead}}, {{When}} (date, time and zone), {{MeetingLink}}, {{ProposedTimes}}, {{CompanyName}}.
  {
    key: "booking_invitation",
    name: "Booking invitation",
    subject: "Book your free consultation with {{CompanyName}}",
    preheader: "Pick a time that suits you in the next {{DaysAhead}} days.",
    ...letter(
      paragraph("We'd love to talk about your website. Pick a time that suits you in the next {{DaysAhead}} days:"),
      button("Book Your Consultation", "{{BookingLink}}", "Times are shown in your own time zone."),
    ),
  },
  {
    key: "booking_received",
    name: "Booking received (to the visitor)",
    subject: "Your consultation is booked: {{When}}",
    preheader: "We'll confirm with a meeting link shortly.",
    ...letter(paragraph("Your consultation is booked for **{{When}}**. The calendar invitation is attached; we'll confirm with a meeting link shortly."), {
      text: "To reschedule or cancel, open your booking page: {{BookingLink}}",
      html: '<p>To reschedule or cancel, open <a href="{{BookingLink}}">your booking page</a>.</p>',
    }),
  },
  {
    key: "booking_agency_notification",
    name: "New booking (to the agency)",
    subject: "New consultation booked: {{LeadName}}, {{When}}",
    preheader: "{{LeadEmail}} booked a consultation.",
    ...emailBody(paragraph("**{{LeadName}}** ({{LeadEmail}}) booked a consultation for **{{When}}**."), paragraph("Confirm it with a meeting link in Consultation Bookings.")),
  },
  {
    key: "booking_confirmation",
    name: "Consultation confirmed (with meeting link)",
    subject: "Confirmed: your consultation on {{When}}",
    preheader: "Join with {{MeetingLink}}",
    ...letter(paragraph("Your consultation on **{{When}}** is confirmed."), paragraph("Join here: <{{MeetingLink}}>"), paragraph("The updated calendar invitation is attached.")),
  },
  {
    key: "booking_time_change",
    name: "New times proposed",
    subject: "New times for your consultation",
    preheader: "Please pick one of the times we proposed.",
    ...letter(paragraph("We need to move your consultation. These times work for us:"), preformatted("{{ProposedTimes}}"), {
      text: "Pick the one that suits you on your booking page: {{BookingLink}}",
      html: '<p>Pick the one that suits you on <a href="{{BookingLink}}">your booking page</a>.</p>',
    }),
  },
  {
    key: "booking_rescheduled",
    name: "Consultation rescheduled",
    subject: "Rescheduled: your consultation is now {{When}}",
    preheader: "Your calendar invitation is updated.",
    ...letter(paragraph("Your consultation is now on **{{When}}**. The updated calendar invitation is attached."), {
      text: "Booking page: {{BookingLink}}",
      html: '<p><a href="{{BookingLink}}">Your booking page</a></p>',
    }),
  },
  {
    key: "booking_cancelled",
    name: "Consultation cancelled",
    subject: "Cancelled: your consultation on {{When}}",
    preheader: "The calendar event is removed.",
    ...letter(paragraph("Your consultation on **{{When}}** is cancelled. The attached update removes it from your calendar."), paragraph("Want another time? Reply to this e-mail.")),
  },
  {
    key: "booking_reminder",
    name: "Consultation reminder (24 hours before)",
    subject: "Reminder: your consultation is {{When}}",
    preheader: "See you tomorrow.",
    ...letter(paragraph("A reminder that your consultation is on **{{When}}**."), paragraph("Join here: <{{MeetingLink}}>")),
  },
  {
    key: "consultation_notification",
    name: "Consultation details (sent from a client's page)",
    subject: "Your {{ConsultType}} consultation: {{When}}",
    preheader: "The details of your consultation with {{CompanyName}}.",
    ...letter(
      paragraph("Here are the details of your {{ConsultType}} consultation:"),
      facts([
        ["When", "{{When}}"],
        ["Status", "{{Status}}"],
        ["Join here", "{{MeetingLink}}"],
      ]),
      paragraph("{{Notes}}"),
      paragraph("Need a different time? Reply to this e-mail."),
    ),
  },
];
