import { describe, expect, it } from "vitest";
import { amountInWords, numberInWords } from "./amount-words";

describe("amount in words (Indian numbering)", () => {
  it("groups by thousand, lakh and crore", () => {
    expect(numberInWords(0)).toBe("Zero");
    expect(numberInWords(15)).toBe("Fifteen");
    expect(numberInWords(101)).toBe("One Hundred One");
    expect(numberInWords(1000)).toBe("One Thousand");
    expect(numberInWords(100000)).toBe("One Lakh");
    expect(numberInWords(1234567)).toBe(
      "Twelve Lakh Thirty-Four Thousand Five Hundred Sixty-Seven",
    );
    expect(numberInWords(10000000)).toBe("One Crore");
    expect(numberInWords(1234567890)).toBe(
      "One Hundred Twenty-Three Crore Forty-Five Lakh Sixty-Seven Thousand Eight Hundred Ninety",
    );
  });

  it("says rupees and paise", () => {
    expect(amountInWords(12345678)).toBe(
      "Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Seventy-Eight Paise Only",
    );
    expect(amountInWords(899900)).toBe("Rupees Eight Thousand Nine Hundred Ninety-Nine Only");
    expect(amountInWords(5)).toBe("Rupees Zero and Five Paise Only");
    expect(() => amountInWords(-1)).toThrow();
    expect(() => amountInWords(1.5)).toThrow();
  });
});
